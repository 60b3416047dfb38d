import { type FormEvent, useEffect, useRef, useState } from 'react'
import {
  type ContactFormState,
  type ContactResult,
  contactFormTexts,
} from '../../src/domain/contact-form'
import { type ApiInputs, browserApi } from '../lib/api'
import { httpStatusOf } from '../lib/api-errors'

type Result = ContactResult | null

/**
 * The form token (server/services/form-token.ts): when this form was shown,
 * signed by the server. A plain fetch of the REST door, not tRPC, so that
 * showing the page still loads no tRPC code; never cached. A failure leaves
 * no token: the message is then still stored, as spam.
 */
const fetchFormToken = (): Promise<string> =>
  fetch('/api/contact/form-token', { cache: 'no-store' })
    .then((response) => response.json())
    .then((body: { token?: string }) => body.token ?? '')
    .catch(() => '')

/**
 * tRPC's client, its code fetched on first need: not the router's (the form
 * is an island, hydrated without one: client/components/island.tsx).
 */
const api = browserApi()

/**
 * `messages.send` through tRPC's client, with a pending flag: the page's
 * script carries no React Query.
 */
function useSend() {
  const [isPending, setPending] = useState(false)
  function mutate(
    input: ApiInputs['messages']['send'],
    handlers: { onSuccess: () => void; onError: (error: unknown) => void },
  ) {
    setPending(true)
    api()
      .then((client) => client.messages.send.mutate(input))
      .then(handlers.onSuccess, handlers.onError)
      .finally(() => setPending(false))
  }
  return { isPending, mutate, load: api }
}

/** The three fields a send clears. */
const fieldNames = ['name', 'email', 'message'] as const

/**
 * The contact form. The browser enforces the required fields and the email
 * format; the outcome is announced in a polite live region beside the button.
 * A real form: without script it submits to its page, which answers with the
 * page and the outcome (`state`, given by the server's render); with script
 * it sends in place. On the contact page it is an island
 * (client/components/island.tsx), hydrated on its first focus: its fields
 * are uncontrolled, so what was typed before that stays as it is. `id`: the
 * fields' prefix, given rather than made (`useId` differs in an island).
 */
export function ContactForm({
  state = {},
  id = 'contact',
}: {
  state?: ContactFormState
  id?: string
}) {
  const [result, setResult] = useState<Result>(state.result ?? null)
  const send = useSend()
  const formToken = useRef<Promise<string> | null>(null)
  // The server's render carries one already (the contact page is never kept in a cache).
  useEffect(() => {
    formToken.current = state.token ? Promise.resolve(state.token) : fetchFormToken()
  }, [state.token])
  // Hydrated on a first focus (an island): tRPC's code is wanted now, not on the next focus.
  const load = send.load
  useEffect(() => {
    void load().catch(() => undefined)
  }, [load])

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (send.isPending) return
    const form = event.currentTarget
    const data = new FormData(form)
    const field = (key: string) => String(data.get(key) ?? '')
    // Cleared first, so that the same outcome twice in a row is announced again.
    setResult(null)
    // The honeypot: people never see it, so only a bot fills it in.
    const website = field('website')
    const form_token = await (formToken.current ?? '')
    // The next message from this page gets a token of its own time.
    formToken.current = fetchFormToken()
    send.mutate(
      {
        name: field('name'),
        email: field('email'),
        message: field('message'),
        website,
        form_token,
      },
      {
        onSuccess: () => {
          for (const key of fieldNames) {
            const element = form.elements.namedItem(key)
            if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
              element.value = ''
            }
          }
          setResult({ kind: 'success', text: contactFormTexts.success })
        },
        onError: (error) => {
          const answered = httpStatusOf(error) !== null
          setResult({
            kind: 'error',
            text: answered ? contactFormTexts.failed : contactFormTexts.network,
          })
        },
      },
    )
  }

  const labelClass = 'mb-1.5 block text-sm font-semibold text-strong'

  return (
    <form
      method="post"
      action="/contact-me"
      onSubmit={onSubmit}
      // tRPC's code is fetched on first need: start as soon as someone begins to type.
      onFocus={() => void send.load().catch(() => undefined)}
      aria-describedby={`${id}-result`}
      className="relative space-y-5 card p-5 sm:p-8"
    >
      <div>
        <label htmlFor={`${id}-name`} className={labelClass}>
          Name
        </label>
        <input
          id={`${id}-name`}
          name="name"
          type="text"
          autoComplete="name"
          required
          maxLength={200}
          defaultValue={state.values?.name ?? ''}
          className="form-field"
        />
      </div>
      <div>
        <label htmlFor={`${id}-email`} className={labelClass}>
          Email
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={320}
          defaultValue={state.values?.email ?? ''}
          className="form-field"
        />
      </div>
      <div>
        <label htmlFor={`${id}-message`} className={labelClass}>
          Message
        </label>
        <textarea
          id={`${id}-message`}
          name="message"
          required
          rows={6}
          maxLength={5000}
          placeholder="Share your feedback, a career opportunity, or just say hello!"
          defaultValue={state.values?.message ?? ''}
          className="form-field resize-y"
        />
      </div>
      {/* The token a submission without script sends; with script a fresh one is fetched (above). */}
      <input type="hidden" name="form_token" defaultValue={state.token ?? ''} />
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Leave this field empty</label>
        <input
          id={`${id}-website`}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <button type="submit" disabled={send.isPending} className="button-primary">
          {send.isPending ? (
            <span
              aria-hidden="true"
              className="size-4 animate-spin rounded-full border-2 border-on-accent/40 border-t-on-accent"
            />
          ) : null}
          Send Message
        </button>
        <p
          id={`${id}-result`}
          role="status"
          aria-live="polite"
          className={`text-sm font-medium ${
            result?.kind === 'success' ? 'text-success-ink' : 'text-danger-ink'
          }`}
        >
          {result?.text}
        </p>
      </div>
    </form>
  )
}
