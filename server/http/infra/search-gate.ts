/**
 * Search is the one public read that costs real database work for any text
 * a visitor types, and no response cache helps with new text. Two limits
 * keep it from taking the database from everyone else (PGlite runs one
 * query at a time): a number of searches per client address in a window,
 * and for the whole server a number of searches under way at once and
 * started per second. Past
 * either, the answer is a 429 with `Retry-After` at once (a JSON error on
 * the API, a short page on `/search`), never a wait in line. A cached
 * `/search?q=` page is answered before this gate (it costs nothing).
 */
import type { SearchLimits } from '../../config'
import { publicDocumentHeaders } from './headers'

export type SearchDoor = 'api' | 'page'

/** Whether a request runs a search: the REST door, tRPC's `search.query`, or the page with a query. */
export function searchDoorOf(url: URL): SearchDoor | null {
  const path = url.pathname
  if (path === '/api/search') return 'api'
  if (path.startsWith('/api/trpc/')) {
    const names = decodeURIComponent(path.slice('/api/trpc/'.length)).split(',')
    return names.includes('search.query') ? 'api' : null
  }
  if (path === '/search' && (url.searchParams.get('q') ?? '').trim() !== '') return 'page'
  return null
}

export type GateEntry = { ok: true; release: () => void } | { ok: false; retryAfterSeconds: number }

export function createSearchGate(limits: SearchLimits, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number }>()
  let running = 0
  const second = { start: 0, count: 0 }

  /** Windows that ended are dropped once the map grows (an address per visitor). */
  function prune(at: number) {
    if (windows.size < 10_000) return
    for (const [address, window] of windows) {
      if (at - window.start >= limits.windowMs) windows.delete(address)
    }
  }

  return {
    enter(address: string): GateEntry {
      const at = now()
      prune(at)
      let window = windows.get(address)
      if (!window || at - window.start >= limits.windowMs) {
        window = { start: at, count: 0 }
        windows.set(address, window)
      }
      if (window.count >= limits.perAddress) {
        return {
          ok: false,
          retryAfterSeconds: Math.max(1, Math.ceil((window.start + limits.windowMs - at) / 1000)),
        }
      }
      if (running >= limits.concurrency) return { ok: false, retryAfterSeconds: 1 }
      if (at - second.start >= 1000) {
        second.start = at
        second.count = 0
      }
      if (second.count >= limits.perSecond) return { ok: false, retryAfterSeconds: 1 }
      second.count++
      window.count++
      running++
      let released = false
      return {
        ok: true,
        release: () => {
          if (released) return
          released = true
          running--
        },
      }
    },
    /** Searches under way now (for tests). */
    running: () => running,
  }
}

export type SearchGate = ReturnType<typeof createSearchGate>

const seconds = (n: number) => (n === 1 ? '1 second' : `${n} seconds`)

export const searchBusyMessage = (retryAfterSeconds: number) =>
  `Too many searches right now. Please try again in ${seconds(retryAfterSeconds)}.`

/** The 429 for a refused search: JSON on the API, a short page of its own on `/search`. */
export function searchRefused(
  door: SearchDoor,
  retryAfterSeconds: number,
  security: Record<string, string>,
): Response {
  const message = searchBusyMessage(retryAfterSeconds)
  const headers = {
    ...security,
    'retry-after': String(retryAfterSeconds),
    'cache-control': 'no-store',
  }
  if (door === 'api') {
    return Response.json({ error: message }, { status: 429, headers })
  }
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Search is busy</title></head><body><main><h1>Search is busy.</h1><p>${message}</p><form action="/search" method="get"><label for="q">Search the site</label> <input id="q" type="search" name="q" maxlength="200"> <button type="submit">Search</button></form><p><a href="/">Go back home</a></p></main></body></html>`
  return new Response(html, {
    status: 429,
    headers: { ...headers, ...publicDocumentHeaders(), 'content-type': 'text/html; charset=utf-8' },
  })
}
