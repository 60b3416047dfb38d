import { emailAddress, idSchema, limits, requiredText, timestamps } from './fields'
import { z } from './zod'

export const messageInput = z.object({
  name: requiredText('Name', limits.name),
  email: emailAddress('Email'),
  message: requiredText('Message', limits.message, { multiline: true }),
  /**
   * Honeypot: a field people never see (hidden by the form). Bots fill it;
   * the server then answers as if it worked and keeps the message as spam
   * (no alert), so a false positive can still be rescued from Spam.
   */
  website: z
    .string({ error: 'Invalid form.' })
    .max(limits.url, 'Invalid form.')
    .nullish()
    .transform((value) => value?.trim() ?? ''),
  /**
   * The signed token the contact page fetched when it was shown
   * (`messages.formToken`): when the form was served. Missing, forged or
   * too fresh: the message is kept as spam (the sender is told it was sent).
   */
  form_token: z
    .string({ error: 'Invalid form.' })
    .max(200, 'Invalid form.')
    .nullish()
    .transform((value) => value ?? ''),
})
export type MessageInput = z.input<typeof messageInput>

/** Where a message stands in the owner's inbox. */
export const messageStatuses = ['unread', 'read', 'archived', 'spam'] as const
export type MessageStatus = (typeof messageStatuses)[number]

export const messageStatusSchema = z.enum(messageStatuses, {
  error: `Status must be one of ${messageStatuses.join(', ')}.`,
})

export const messageStatusInput = z.object({ id: idSchema, status: messageStatusSchema })

export const messageSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  status: messageStatusSchema,
  ...timestamps,
})
export type Message = z.infer<typeof messageSchema>

/** What the contact page asks for before the form is filled in. */
export const formTokenSchema = z.object({ token: z.string() })

/** Whether alerts go out, and how the last ones went (admin Settings → Notifications). */
export const notificationStatusSchema = z.object({
  email: z.object({ configured: z.boolean(), to: z.string().nullable() }),
  webhook: z.object({ configured: z.boolean(), host: z.string().nullable() }),
  pending: z.number(),
  last_delivery_at: z.string().nullable(),
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
})
export type NotificationStatus = z.infer<typeof notificationStatusSchema>
