import { Island } from './island'
import { NewsletterForm } from './newsletter-form'

/**
 * "Get new notes by email" under the notes and on the home page: the
 * subscribe form as an island (it works without script too: it posts to
 * `/newsletter`, which asks once more with a form token of its own).
 */
export function NewsletterSignup({ id }: { id: string }) {
  return (
    <section aria-labelledby={`${id}-title`} className="mt-12 border-t border-line pt-8">
      <h2 id={`${id}-title`} className="text-xl font-bold tracking-tight text-strong">
        Get new notes by email
      </h2>
      <p className="mt-2 text-muted">
        Your address only, confirmed by you first; one click to leave. No tracking.
      </p>
      <div className="mt-4">
        <Island name="newsletter-form" component={NewsletterForm} props={{ id, compact: true }} />
      </div>
    </section>
  )
}
