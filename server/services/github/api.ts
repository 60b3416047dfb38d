/**
 * GitHub's REST API, as little of it as the server needs: one request at a
 * time, with a timeout, the stored ETag, the optional token, and GitHub's
 * rate-limit answers turned into `GitHubRateLimited`. The token goes only
 * into the Authorization header: never into a URL, an error or a log line.
 */
import type { GitHubSettings } from '../../config'
import { readBodyUpTo } from '../../outbound/fetch'

/** GitHub said stop (403/429 with no requests left, or Retry-After): nothing more until `until`. */
export class GitHubRateLimited extends Error {
  override name = 'GitHubRateLimited'
  constructor(readonly until: Date) {
    super(`GitHub's rate limit: no requests until ${until.toISOString()}`)
  }
}

/** GitHub could not be asked, or answered with an error we do not handle (5xx, timeout, 401…). */
export class GitHubUnreachable extends Error {
  override name = 'GitHubUnreachable'
}

/** An answer larger than the settings allow: read no further than the limit. */
export class GitHubAnswerTooLarge extends GitHubUnreachable {
  override name = 'GitHubAnswerTooLarge'
}

/** GitHub's largest answers we read (a README is at most 1 MB, 1.4 MB once in base64). */
export const DEFAULT_MAX_ANSWER_BYTES = 4 * 1024 * 1024

/**
 * The body as text, given up (the connection cancelled) as soon as it
 * passes `limit` bytes, whatever `Content-Length` says or does not say.
 */
export async function readLimited(response: Response, limit: number): Promise<string> {
  const body = await readBodyUpTo(
    response,
    limit,
    () =>
      new GitHubAnswerTooLarge(
        `GitHub's answer is larger than ${Math.round(limit / 1024 / 1024)} MB: not read.`,
      ),
  )
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(body)
}

export interface GitHubAnswer {
  /** 200, 304 or 404/451 (every other status throws). */
  status: number
  /** The parsed JSON body (200 only). */
  body: unknown
  etag: string | null
  /** The `Link` header's rel="next", if any. */
  next: string | null
}

export interface GitHubApi {
  /** GET `path` (under the API root) or an absolute `next` link on the same API. */
  get(pathOrUrl: string, options?: { etag?: string | null; now?: Date }): Promise<GitHubAnswer>
}

/** The rel="next" URL of a `Link` header (RFC 8288, as GitHub writes it). */
export function nextLink(header: string | null): string | null {
  if (!header) return null
  for (const part of header.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?([^";]+)"?/.exec(part.trim())
    if (match?.[2]?.split(/\s+/).includes('next')) return match[1] ?? null
  }
  return null
}

/**
 * When a rate-limited answer allows the next request, or null when the
 * answer is not about the rate limit. GitHub's primary limit: 403 or 429
 * with `X-RateLimit-Remaining: 0` and `X-RateLimit-Reset` (epoch seconds);
 * its secondary limit: `Retry-After` (seconds). A 429 with neither waits a
 * minute, as GitHub's documentation asks.
 */
export function rateLimitUntil(response: Response, now: Date): Date | null {
  if (response.status !== 403 && response.status !== 429) return null
  const retryAfter = Number(response.headers.get('retry-after'))
  if (response.headers.get('retry-after') !== null && Number.isFinite(retryAfter)) {
    return new Date(now.getTime() + Math.max(1, retryAfter) * 1000)
  }
  if (response.headers.get('x-ratelimit-remaining') === '0') {
    const reset = Number(response.headers.get('x-ratelimit-reset'))
    const until = Number.isFinite(reset) && reset > 0 ? reset * 1000 : now.getTime() + 60_000
    return new Date(Math.max(until, now.getTime() + 1000))
  }
  if (response.status === 429) return new Date(now.getTime() + 60_000)
  return null
}

export function createGitHubApi(
  settings: Pick<GitHubSettings, 'apiUrl' | 'token' | 'timeoutMs' | 'maxAnswerBytes'>,
  fetchImpl: typeof fetch = fetch,
): GitHubApi {
  const root = settings.apiUrl.replace(/\/+$/, '')
  const origin = new URL(root).origin
  const headers = (etag?: string | null): Record<string, string> => ({
    accept: 'application/vnd.github+json',
    'x-github-api-version': '2022-11-28',
    'user-agent': 'portfolio-server',
    ...(settings.token ? { authorization: `Bearer ${settings.token}` } : {}),
    ...(etag ? { 'if-none-match': etag } : {}),
  })

  async function send(url: string, etag: string | null | undefined): Promise<Response> {
    try {
      return await fetchImpl(url, {
        headers: headers(etag),
        // Followed by hand, only on the same API: a redirect elsewhere must not get the token.
        redirect: 'manual',
        signal: AbortSignal.timeout(settings.timeoutMs),
      })
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError'
      throw new GitHubUnreachable(
        timedOut
          ? `GitHub did not answer within ${Math.round(settings.timeoutMs / 1000)} s.`
          : 'GitHub could not be reached.',
      )
    }
  }

  return {
    async get(pathOrUrl, options = {}) {
      const url = pathOrUrl.startsWith('/') ? `${root}${pathOrUrl}` : pathOrUrl
      // A `Link` to somewhere else would carry the token there: refused.
      if (new URL(url).origin !== origin) {
        throw new GitHubUnreachable('GitHub answered with a link to another server.')
      }
      const now = options.now ?? new Date()
      let response = await send(url, options.etag)
      // A renamed repository answers 301 to its new address on the same API: followed, twice at most.
      for (let hops = 0; hops < 2 && [301, 302, 307, 308].includes(response.status); hops++) {
        const location = response.headers.get('location')
        await response.body?.cancel()
        const target = location ? new URL(location, url) : null
        if (!target || target.origin !== origin) {
          throw new GitHubUnreachable('GitHub answered with a redirect to another server.')
        }
        response = await send(target.toString(), options.etag)
      }
      const limited = rateLimitUntil(response, now)
      if (limited) {
        await response.body?.cancel()
        throw new GitHubRateLimited(limited)
      }
      const etag = response.headers.get('etag')
      const next = nextLink(response.headers.get('link'))
      if (response.status === 304 || response.status === 404 || response.status === 451) {
        await response.body?.cancel()
        return { status: response.status, body: null, etag, next }
      }
      if (response.status !== 200) {
        await response.body?.cancel()
        throw new GitHubUnreachable(`GitHub answered ${response.status}.`)
      }
      const text = await readLimited(response, settings.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES)
      let body: unknown
      try {
        body = JSON.parse(text)
      } catch {
        throw new GitHubUnreachable('GitHub answered with something that is not JSON.')
      }
      return { status: 200, body, etag, next }
    },
  }
}
