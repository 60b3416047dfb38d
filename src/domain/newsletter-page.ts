/**
 * The newsletter's public page and the state the server renders it with
 * (server/http/pages/newsletter.ts): its form posts to `/newsletter`, and the
 * links of its emails lead to `/newsletter/confirm` and
 * `/newsletter/unsubscribe`, each a page whose button posts to itself, so
 * everything works without script, and a mail scanner that only fetches a
 * link confirms or unsubscribes nobody.
 */

export const NEWSLETTER_PATH = '/newsletter'

export const newsletterPageTexts = {
  again: 'Please check your address and press Subscribe once more.',
  failed: 'Could not subscribe you. Please try again later.',
  network: 'An error occurred. Please try again later.',
} as const

export interface NewsletterResult {
  kind: 'success' | 'error'
  text: string
}

export interface NewsletterPageState {
  view: 'subscribe' | 'confirm' | 'unsubscribe'
  /** The subscribe form's token (server/services/form-token.ts), issued with this render. */
  formToken?: string
  /** The confirmation or unsubscribe link's token, posted back by the page's button. */
  linkToken?: string
  result?: NewsletterResult
  /** What was typed, shown again. */
  email?: string
}
