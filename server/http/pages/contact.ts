/**
 * The contact page as a form that works without script: each showing of the
 * page carries its own form token (so it is rendered for each request, never
 * kept in the page cache), and the form submits to the page itself, which
 * sends the message through the same procedure as the API doors and answers
 * with the page: the success text, or the failure text and what was typed.
 * With script the form sends in place (client/components/contact-form.tsx).
 */
import { getHTTPStatusCodeFromError } from '@trpc/server/http'
import { type ContactFormState, contactFormTexts } from '../../../src/domain/contact-form'
import type { Logger } from '../../log'
import { formToken } from '../../services/messages'
import type { Context } from '../../trpc/context'
import { logFailure, toTrpcError } from '../../trpc/errors'
import { createCaller } from '../../trpc/root'
import { readBody } from '../infra/body'

export const CONTACT_PATH = '/contact-me'

/** The form's fields are bounded (5,000 characters of message at most): far below this. */
const FORM_BODY_LIMIT = 64 * 1024

/** What the form submits, each field as text ('' when missing). */
function fieldsOf(body: string) {
  const form = new URLSearchParams(body)
  const field = (name: string) => form.get(name) ?? ''
  return {
    name: field('name'),
    email: field('email'),
    message: field('message'),
    website: field('website'),
    form_token: field('form_token'),
  }
}

export interface ContactPageDeps {
  log: Logger
  /** The context pages read public content with (no token, no client address). */
  publicContext: (requestId: string) => Context
}

export function createContactPage(deps: ContactPageDeps) {
  /** A fresh form token; none when the database cannot be read (the message is then kept as spam). */
  async function token(requestId: string): Promise<string> {
    try {
      return (await formToken(deps.publicContext(requestId))).token
    } catch (error) {
      deps.log.warn('contact form token unavailable', {
        request_id: requestId,
        error: error instanceof Error ? error.message : String(error),
      })
      return ''
    }
  }

  /**
   * Sends a posted form through `messages.send` with the request's own context
   * (its client address, for the rate limits). The status is the procedure's;
   * the words are the form's own, as with script.
   */
  async function send(
    request: Request,
    context: Context,
    requestId: string,
  ): Promise<{ status: number; state: ContactFormState }> {
    const type = request.headers.get('content-type') ?? ''
    const body = await readBody(request, FORM_BODY_LIMIT)
    const fields = fieldsOf(
      body.ok && /^application\/x-www-form-urlencoded\b/i.test(type) ? body.value : '',
    )
    const values = { name: fields.name, email: fields.email, message: fields.message }
    try {
      await createCaller(context).messages.send(fields)
      return { status: 200, state: { result: { kind: 'success', text: contactFormTexts.success } } }
    } catch (error) {
      const trpcError = toTrpcError(error)
      const status = body.ok ? getHTTPStatusCodeFromError(trpcError) : body.status
      if (status >= 500) {
        logFailure(trpcError, { log: deps.log, requestId }, { status, path: CONTACT_PATH })
      }
      return {
        status,
        state: { result: { kind: 'error', text: contactFormTexts.failed }, values },
      }
    }
  }

  return { token, send }
}
