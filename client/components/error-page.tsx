import { Link, useRouter } from '@tanstack/react-router'

/** Shown for unhandled route errors (a failed load, a crashed page). */
export function ErrorPage() {
  const router = useRouter()
  return (
    <section
      aria-labelledby="error-title"
      className="card relative isolate overflow-hidden px-5 py-14 text-center sm:py-20"
    >
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-40 bg-gradient-to-b from-accent-soft to-transparent"
      />
      <h1 id="error-title" className="text-3xl font-bold tracking-tight text-strong sm:text-4xl">
        Unexpected Application Error!
      </h1>
      <p className="mt-4 text-muted">
        Something went wrong while loading this page. Please try again in a moment.
      </p>
      <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
        <button
          type="button"
          // On a public page (a document, no router) the island loader reloads it.
          data-reload=""
          className="button-secondary"
          onClick={() => {
            void router.invalidate()
          }}
        >
          Try again
        </button>
        <Link to="/" className="button-primary">
          Go back home
        </Link>
      </div>
    </section>
  )
}
