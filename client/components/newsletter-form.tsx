import { type FormEvent, useEffect, useRef, useState } from 'react'
import {
  NEWSLETTER_PATH,
  type NewsletterResult,
  newsletterPageTexts,
} from '../../src/domain/newsletter-page'

/** The form token, fetched on hydration: a plain fetch of the REST door (no tRPC code on the page). */
const fetchFormToken = (): Promise<string> =>
  fetch('/api/contact/form-token', { cache: 'no-store' })
    .then((response) => response.json())
    .then((body: { token?: string }) => body.token ?? '')
    .catch(() => '')

export interface NewsletterFormProps {
  /** The fields' prefix (several forms may share a page in the app). */
  id?: string
  /** A token the server's render issued (the newsletter page only: it is never cached). */
  token?: string
  email?: string
  result?: NewsletterResult
  /** A smaller heading-less form inside another page (home, notes). */
  compact?: boolean
}

/**
 * The subscribe form: email only, the contact form's honeypot and token. A
 * real form: without script it posts to `/newsletter`, which answers with the
 * page saying what happens next; as an island (hydrated on its first focus)
 * it sends in place through `POST /api/newsletter/subscribe` and says it
 * beside the button, in a polite live region.
 */
export function NewsletterForm({
  id = 'newsletter',
  token,
  email,
  result: given,
  compact,
}: NewsletterFormProps) {
  const [result, setResult] = useState<NewsletterResult | null>(given ?? null)
  const [pending, setPending] = useState(false)
  const formToken = useRef<Promise<string> | null>(null)
  useEffect(() => {
    formToken.current = token ? Promise.resolve(token) : fetchFormToken()
  }, [token])

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    const form = event.currentTarget
    const data = new FormData(form)
    setResult(null)
    setPending(true)
    const form_token = await (formToken.current ?? '')
    formToken.current = fetchFormToken()
    try {
      const response = await fetch('/api/newsletter/subscribe', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: String(data.get('email') ?? ''),
          website: String(data.get('website') ?? ''),
          form_token,
        }),
      })
      const body = (await response.json().catch(() => ({}))) as { message?: string; error?: string }
      if (response.ok) {
        const field = form.elements.namedItem('email')
        if (field instanceof HTMLInputElement) field.value = ''
        setResult({ kind: 'success', text: body.message ?? '' })
      } else {
        setResult({ kind: 'error', text: body.error ?? newsletterPageTexts.failed })
      }
    } catch {
      setResult({ kind: 'error', text: newsletterPageTexts.network })
    } finally {
      setPending(false)
    }
  }

  return (
    <form
      method="post"
      action={NEWSLETTER_PATH}
      onSubmit={onSubmit}
      aria-describedby={`${id}-result`}
      className={compact ? 'relative space-y-3' : 'relative space-y-4 card p-5 sm:p-8'}
    >
      <div>
        <label htmlFor={`${id}-email`} className="mb-1.5 block text-sm font-semibold text-strong">
          Email
        </label>
        <div className="flex flex-col gap-3 sm:flex-row">
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={320}
            defaultValue={email ?? ''}
            className="form-field sm:flex-1"
          />
          <button type="submit" disabled={pending} className="button-primary">
            Subscribe
          </button>
        </div>
      </div>
      <input type="hidden" name="form_token" defaultValue={token ?? ''} />
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
      <p
        id={`${id}-result`}
        role="status"
        aria-live="polite"
        className={`text-sm font-medium ${result?.kind === 'success' ? 'text-success-ink' : 'text-danger-ink'}`}
      >
        {result?.text}
      </p>
    </form>
  )
}
