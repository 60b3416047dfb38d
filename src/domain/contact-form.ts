/**
 * The contact form's words and the state the server renders it with: the
 * form submits to its own page (`POST /contact-me`, server/http/pages/contact.ts),
 * which answers with the page, the result beside the button and, after a
 * failure, what was typed; with script the form sends in place.
 */

export const contactFormTexts = {
  success: 'Message sent successfully!',
  failed: 'Failed to send message. Please try again later.',
  network: 'An error occurred. Please try again later.',
} as const

export interface ContactResult {
  kind: 'success' | 'error'
  text: string
}

export interface ContactFormState {
  /**
   * The form token (server/services/form-token.ts) issued when the page was
   * rendered: the contact page is rendered for each request, never kept.
   */
  token?: string
  /** The answer to a submission of the form. */
  result?: ContactResult
  /** What was posted, shown again after a failure. */
  values?: { name: string; email: string; message: string }
}
