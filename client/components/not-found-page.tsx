import { Link } from '@tanstack/react-router'

/** The 404 page: unknown paths, unknown project slugs and unknown admin ids. */
export function NotFoundPage() {
  return (
    <section
      aria-labelledby="not-found-title"
      className="card relative isolate overflow-hidden px-5 py-14 text-center sm:py-20"
    >
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-40 bg-gradient-to-b from-accent-soft to-transparent"
      />
      <p className="text-display font-bold tracking-tight text-accent-ink" aria-hidden="true">
        404
      </p>
      <h1
        id="not-found-title"
        className="mt-3 text-3xl font-bold tracking-tight text-strong sm:text-4xl"
      >
        Page Not Found.
      </h1>
      <p className="mt-4 text-muted">Sorry, the page you are looking for does not exist.</p>
      <Link to="/" className="button-primary mt-8">
        Go back home
      </Link>
    </section>
  )
}
