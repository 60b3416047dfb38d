import { createFileRoute } from '@tanstack/react-router'
import { Island } from '../components/island'
import { NewsletterForm } from '../components/newsletter-form'
import { pageHead, SITE_NAME } from '../lib/seo'

/*
 * Notes by email: the subscribe form, and the pages the emails' links open
 * (confirm, unsubscribe), each a button that posts to its own address. One
 * route draws the three: the server says which (server/http/pages/newsletter.ts).
 */
export const Route = createFileRoute('/newsletter')({
  loader: async ({ context }) => {
    const api = await context.api()
    const profile = await api.profile.get.query()
    return { owner: profile.name, page: context.newsletterPage ?? { view: 'subscribe' as const } }
  },
  // Each answer is shown once: the next visit loads the page afresh.
  gcTime: 0,
  head: ({ match }) => ({
    ...pageHead({
      siteUrl: match.context.site.url,
      path: '/newsletter',
      title: `Notes by email · ${SITE_NAME}`,
      description:
        'New notes in your inbox: your address only, confirmed by you, and one click to leave.',
    }),
  }),
  component: NewsletterPage,
})

function Outcome({
  id,
  result,
}: {
  id: string
  result?: { kind: 'success' | 'error'; text: string }
}) {
  return (
    <p
      id={id}
      role="status"
      aria-live="polite"
      className={`text-sm font-medium ${result?.kind === 'success' ? 'text-success-ink' : 'text-danger-ink'}`}
    >
      {result?.text}
    </p>
  )
}

function NewsletterPage() {
  const data = Route.useLoaderData()
  const page = data?.page ?? { view: 'subscribe' as const }
  // A new site has no name yet: the sentences say "new notes" then.
  const notesOf = data?.owner ? `${data.owner}’s new notes` : 'new notes'
  if (page.view === 'confirm' || page.view === 'unsubscribe') {
    const confirm = page.view === 'confirm'
    const path = confirm ? '/newsletter/confirm' : '/newsletter/unsubscribe'
    const done = page.result?.kind === 'success'
    return (
      <div className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight text-strong sm:text-4xl">
          {confirm ? 'Confirm your subscription.' : 'Unsubscribe.'}
        </h1>
        <p className="mt-3 text-muted">
          {confirm
            ? `Press the button to get ${notesOf} by email.`
            : `Press the button to stop getting ${notesOf} by email.`}
        </p>
        <form
          method="post"
          action={path}
          aria-describedby="newsletter-link-result"
          className="mt-8 space-y-4 card p-5 sm:p-8"
        >
          <input type="hidden" name="token" defaultValue={page.linkToken ?? ''} />
          {done ? null : (
            <button type="submit" className="button-primary">
              {confirm ? 'Confirm my subscription' : 'Unsubscribe'}
            </button>
          )}
          <Outcome id="newsletter-link-result" result={page.result} />
        </form>
      </div>
    )
  }
  return (
    <div className="max-w-2xl">
      <h1 className="text-3xl font-bold tracking-tight text-strong sm:text-4xl">Notes by email.</h1>
      <p className="mt-3 text-muted">
        Get {notesOf} in your inbox. Only your address is kept; you confirm it from an email first,
        and every email has a link to leave in one click. No tracking.
      </p>
      <div className="mt-8">
        <Island
          name="newsletter-form"
          component={NewsletterForm}
          props={{
            id: 'newsletter',
            token: page.formToken,
            email: page.email,
            result: page.result,
          }}
        />
      </div>
    </div>
  )
}
