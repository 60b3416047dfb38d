/**
 * The newsletter's contract (docs/newsletter.md): the public subscribe,
 * confirm and one-click unsubscribe, and the owner's list, issues, CSV,
 * erasure, test email and choice between an email per note and a weekly digest.
 */
import { emailAddress, idSchema, limits } from './fields'
import { z } from './zod'

export const subscriberStates = ['pending', 'confirmed', 'unsubscribed', 'bounced'] as const
export type SubscriberState = (typeof subscriberStates)[number]

export const newsletterModes = ['each', 'weekly'] as const
export type NewsletterMode = (typeof newsletterModes)[number]

/** The public form: the address, the hidden honeypot and the form token (as the contact form's). */
export const subscribeInput = z.object({
  email: emailAddress('Email'),
  website: z
    .string({ error: 'Invalid form.' })
    .max(limits.url, 'Invalid form.')
    .nullish()
    .transform((value) => value?.trim() ?? ''),
  form_token: z
    .string({ error: 'Invalid form.' })
    .max(200, 'Invalid form.')
    .nullish()
    .transform((value) => value ?? ''),
})
export type SubscribeInput = z.input<typeof subscribeInput>

/** What the page says next, the same whether the address was new, pending or already in. */
export const subscribeAnswerSchema = z.object({ message: z.string() })

const tokenField = z
  .string({ error: 'Token is required.' })
  .trim()
  .min(1, 'Token is required.')
  .max(200, 'Token is not valid.')

export const newsletterTokenInput = z.object({ token: tokenField })

export const newsletterResultSchema = z.object({ message: z.string() })

export const subscriberSchema = z.object({
  id: z.number(),
  email: z.string(),
  state: z.enum(subscriberStates),
  source: z.enum(['form', 'import']),
  consent_at: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  unsubscribed_at: z.string().nullable(),
  bounced_at: z.string().nullable(),
  bounce_reason: z.string().nullable(),
  created_at: z.string(),
})
export type Subscriber = z.infer<typeof subscriberSchema>

export const newsletterIssueSchema = z.object({
  id: z.number(),
  kind: z.enum(['note', 'digest']),
  subject: z.string(),
  note_ids: z.array(z.number()),
  created_at: z.string(),
  sent: z.number(),
  pending: z.number(),
  bounced: z.number(),
  failed: z.number(),
  skipped: z.number(),
})
export type NewsletterIssue = z.infer<typeof newsletterIssueSchema>

export const newsletterOverviewSchema = z.object({
  mode: z.enum(newsletterModes),
  counts: z.object({
    pending: z.number(),
    confirmed: z.number(),
    unsubscribed: z.number(),
    bounced: z.number(),
  }),
  /** Whether a mail server is set (NEWSLETTER_SMTP_URL, SMTP_URL or the admin's). */
  mail_server: z.boolean(),
  subscribers: z.array(subscriberSchema),
  issues: z.array(newsletterIssueSchema),
})
export type NewsletterOverview = z.infer<typeof newsletterOverviewSchema>

export const newsletterModeInput = z.object({
  mode: z.enum(newsletterModes, { error: 'Mode must be "each" or "weekly".' }),
})

export const subscriberIdInput = z.object({ id: idSchema })

/** A CSV as exported (a header row naming `email`), at most 5 MB of text. */
export const subscriberImportInput = z.object({
  csv: z
    .string({ error: 'CSV is required.' })
    .min(1, 'CSV is required.')
    .max(5 * 1024 * 1024, 'CSV is too large (5 MB at most).'),
  /**
   * The owner attests that these people agreed to get the notes by email:
   * they are imported as confirmed. Otherwise each gets a confirmation email
   * and stays pending until they follow it.
   */
  consent: z.boolean({ error: 'Consent must be true or false.' }),
})

export const subscriberImportResultSchema = z.object({
  added: z.number(),
  confirmed: z.number(),
  pending: z.number(),
  unchanged: z.number(),
  /** Lines that held no valid address: their line numbers (from 2, after the header). */
  invalid: z.array(z.number()),
})

export const subscriberExportSchema = z.object({ filename: z.string(), csv: z.string() })
