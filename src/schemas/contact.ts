import { emailAddress, limits, requiredText, timestamps } from './fields'
import { z } from './zod'

export const contactInput = z.object({
  name: requiredText('Name', limits.name),
  email: emailAddress('Email'),
  message: requiredText('Message', limits.message),
  /**
   * Honeypot: a field people never see (hidden by the form). Bots fill it;
   * the server then answers as if it worked and stores nothing.
   */
  website: z
    .string({ error: 'Invalid form.' })
    .max(limits.url, 'Invalid form.')
    .nullish()
    .transform((value) => value?.trim() ?? ''),
})
export type ContactInput = z.input<typeof contactInput>

export const contactMessageSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  ...timestamps,
})
export type ContactMessage = z.infer<typeof contactMessageSchema>
