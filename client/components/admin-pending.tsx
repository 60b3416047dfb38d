import { useMatches } from '@tanstack/react-router'
import { NotFoundPage } from './not-found-page'
import { PendingIndicator } from './pending-indicator'

/**
 * What the admin frame shows until its screen has loaded, and what the
 * server sends for an admin address (it never renders the admin itself):
 * the loading line, or for an address that names no screen (a route's
 * `staticData.unknownParams`) the spec's 404 page, so the page the server
 * answers 404 says so before any script runs; the admin then shows its own
 * inside its frame. Kept free of admin code: the public entry carries it.
 */
export function AdminPending() {
  const unknown = useMatches({
    select: (matches) =>
      matches.some((match) =>
        match.staticData.unknownParams?.(match.params as Record<string, string>),
      ),
  })
  return unknown ? <NotFoundPage /> : <PendingIndicator />
}
