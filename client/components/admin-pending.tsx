import { useMatches } from '@tanstack/react-router'
import { PendingIndicator } from './pending-indicator'

/**
 * What the admin frame shows until its screen has loaded, and what the
 * server sends for an admin address (it never renders the admin itself):
 * the loading line, or for an address that names no screen (a route's
 * `staticData.unknownParams`) the spec's 404 words, so the page the server
 * answers 404 says so before any script runs. Kept free of admin code: the
 * public entry carries it.
 */
export function AdminPending() {
  const unknown = useMatches({
    select: (matches) =>
      matches.some((match) =>
        match.staticData.unknownParams?.(match.params as Record<string, string>),
      ),
  })
  if (!unknown) return <PendingIndicator />
  return (
    <section aria-labelledby="admin-not-found-title" className="card space-y-4 p-6">
      <h1 id="admin-not-found-title" className="text-3xl font-bold tracking-tight text-strong">
        Page Not Found.
      </h1>
      <p className="text-muted">Sorry, the page you are looking for does not exist.</p>
    </section>
  )
}
