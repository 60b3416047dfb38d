/**
 * The newsletter's pages as forms that work without script
 * (src/domain/newsletter-page.ts): `/newsletter` (the subscribe form, which
 * posts to itself), `/newsletter/confirm?token=…` and
 * `/newsletter/unsubscribe?token=…` (each a button that posts to itself;
 * the latter also takes a mail client's RFC 8058 one-click POST). Each
 * render is for one request (a form token, a link's token), never cached.
 * The work is the procedures', called with the request's own context.
 */
import { getHTTPStatusCodeFromError } from '@trpc/server/http'
import {
  NEWSLETTER_PATH,
  type NewsletterPageState,
  newsletterPageTexts,
} from '../../../src/domain/newsletter-page'
import type { Logger } from '../../log'
import { formToken } from '../../services/messages'
import type { Context } from '../../trpc/context'
import { logFailure, toTrpcError } from '../../trpc/errors'
import { createCaller } from '../../trpc/root'
import { readBody } from '../infra/body'

/** The forms hold an address or a token: far below this. */
const FORM_BODY_LIMIT = 16 * 1024

export const newsletterPaths = {
  subscribe: NEWSLETTER_PATH,
  confirm: `${NEWSLETTER_PATH}/confirm`,
  unsubscribe: `${NEWSLETTER_PATH}/unsubscribe`,
} as const

export interface NewsletterPageDeps {
  log: Logger
  publicContext: (requestId: string) => Context
}

/** An answer to show: the page's state and its status. */
export interface NewsletterAnswer {
  status: number
  state: NewsletterPageState
}

export function createNewsletterPage(deps: NewsletterPageDeps) {
  async function token(requestId: string): Promise<string> {
    try {
      return (await formToken(deps.publicContext(requestId))).token
    } catch {
      return ''
    }
  }

  async function fields(request: Request): Promise<URLSearchParams | null> {
    const type = request.headers.get('content-type') ?? ''
    const body = await readBody(request, FORM_BODY_LIMIT)
    if (!body.ok) return null
    if (/^application\/x-www-form-urlencoded\b/i.test(type)) return new URLSearchParams(body.value)
    // RFC 8058 allows multipart/form-data for the one-click POST: its fields are not needed.
    return new URLSearchParams()
  }

  function failure(error: unknown, requestId: string, path: string) {
    const trpcError = toTrpcError(error)
    const status = getHTTPStatusCodeFromError(trpcError)
    if (status >= 500) logFailure(trpcError, { log: deps.log, requestId }, { status, path })
    return { status, text: status >= 500 ? newsletterPageTexts.failed : trpcError.message }
  }

  /** The page of a GET: the form with a fresh token, or the link's button. */
  async function show(url: URL, requestId: string): Promise<NewsletterAnswer> {
    const linkToken = url.searchParams.get('token') ?? ''
    if (url.pathname === newsletterPaths.confirm)
      return { status: 200, state: { view: 'confirm', linkToken } }
    if (url.pathname === newsletterPaths.unsubscribe) {
      return { status: 200, state: { view: 'unsubscribe', linkToken } }
    }
    return {
      status: 200,
      state: {
        view: 'subscribe',
        formToken: await token(requestId),
        email: url.searchParams.get('email') ?? '',
      },
    }
  }

  /** A POST: subscribes, confirms or unsubscribes, and answers with the page saying so. */
  async function post(
    request: Request,
    context: Context,
    requestId: string,
  ): Promise<NewsletterAnswer> {
    const url = new URL(request.url)
    const form = await fields(request)
    const caller = createCaller(context).newsletter
    if (url.pathname === newsletterPaths.subscribe) {
      const email = form?.get('email') ?? ''
      const given = form?.get('form_token') ?? ''
      // A form from a cached page (home, notes) has no token without script: the page asks once more, with one.
      if (!given) {
        return {
          status: 200,
          state: {
            view: 'subscribe',
            formToken: await token(requestId),
            email,
            result: { kind: 'error', text: newsletterPageTexts.again },
          },
        }
      }
      try {
        const answer = await caller.subscribe({
          email,
          website: form?.get('website') ?? '',
          form_token: given,
        })
        return {
          status: 200,
          state: {
            view: 'subscribe',
            formToken: await token(requestId),
            result: { kind: 'success', text: answer.message },
          },
        }
      } catch (error) {
        const { status, text } = failure(error, requestId, url.pathname)
        return {
          status,
          state: {
            view: 'subscribe',
            formToken: await token(requestId),
            email,
            result: { kind: 'error', text },
          },
        }
      }
    }
    const view = url.pathname === newsletterPaths.confirm ? 'confirm' : 'unsubscribe'
    const linkToken = url.searchParams.get('token') ?? form?.get('token') ?? ''
    try {
      const answer =
        view === 'confirm'
          ? await caller.confirm({ token: linkToken })
          : await caller.unsubscribe({ token: linkToken })
      return { status: 200, state: { view, result: { kind: 'success', text: answer.message } } }
    } catch (error) {
      const { status, text } = failure(error, requestId, url.pathname)
      return { status, state: { view, linkToken, result: { kind: 'error', text } } }
    }
  }

  return { show, post }
}
