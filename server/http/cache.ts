/**
 * The in-memory cache of public answers: rendered pages (200, 404 and the
 * redirect of a former slug), the public API reads, the public tRPC queries,
 * the sitemap and the web manifest.
 *
 * Invalidation: every write to public content bumps a counter in the
 * database in the same transaction (services/content-version.ts). An entry
 * is valid only for the counter value read before it was produced. The
 * counter is read again at most every `versionTtlMs` (one single-row select,
 * shared by concurrent requests), and at once after a write through this
 * server (`markStale`), so a write here shows on the next request here, and
 * a write on another instance on the same PostgreSQL database within
 * `versionTtlMs`.
 *
 * Every answer it serves carries a weak ETag (a hash of the body) and
 * revalidates: If-None-Match gets a 304. Text answers are compressed with
 * brotli or gzip once per entry and per encoding, by Accept-Encoding.
 */
import type { Logger } from '../log'
import {
  type Bytes,
  compress,
  type Encoding,
  isCompressible,
  MIN_COMPRESS_BYTES,
  preferredEncoding,
  varyWithEncoding,
} from './compress'

export interface ResponseCacheOptions {
  /** Off: answers still get their ETag, 304s and compression, but nothing is kept. */
  enabled: boolean
  /** The database's content version (services/content-version.ts). */
  readVersion: () => Promise<number>
  /** How long a version read is trusted; 0 reads it for every request. */
  versionTtlMs?: number
  /** A monotonic clock in milliseconds (tests move it). */
  clock?: () => number
  /**
   * A part of every key that moves with time alone: the pages show the
   * owner's age, which changes with the year.
   */
  period?: () => string
  maxEntries?: number
  /** Bodies and their compressed variants together. */
  maxBytes?: number
  /** Headers every answer carries (the security headers), under the answer's own. */
  baseHeaders?: Record<string, string>
  log?: Logger
}

export interface PublicAnswer {
  /** Path and query: GET and HEAD share the entry. */
  key: string
  /** Makes the answer when there is no valid entry. */
  produce: () => Promise<Response>
  /** A Vary value set by an earlier hook (CORS: `Origin`), kept beside Accept-Encoding. */
  vary?: string
  /** Cache-Control of a cacheable answer. */
  cacheControl: string
  /**
   * The answer when the content version cannot be read (the database is
   * unreachable), so that a request does not wait for a second failed
   * connection in the producer. Absent, or undefined: the producer answers.
   */
  unavailable?: (error: unknown) => Response | undefined
}

interface Snapshot {
  status: number
  headers: Record<string, string>
  body: Bytes
}

interface Entry extends Snapshot {
  key: string
  etag: string
  generation: number
  period: string
  compressible: boolean
  /** null: compressing did not make it smaller. */
  variants: Partial<Record<Encoding, Bytes | null>>
  /** The headers of each kind of answer, built once (when no other hook adds a Vary). */
  prepared: Partial<Record<Encoding | 'identity' | 'not-modified', Headers>>
  bytes: number
}

/** Statuses whose answer follows from the content alone. */
const cacheableStatuses = new Set([200, 301, 308, 404])

/** Headers that describe one transfer, not the content. */
const transferHeaders = new Set(['content-length', 'content-encoding', 'etag', 'vary', 'date'])

async function snapshotOf(response: Response): Promise<Snapshot> {
  const headers: Record<string, string> = {}
  response.headers.forEach((value, key) => {
    if (!transferHeaders.has(key)) headers[key] = value
  })
  const body = new Uint8Array(await response.arrayBuffer())
  return { status: response.status, headers, body }
}

function etagOf(body: Bytes): string {
  const hash = new Bun.CryptoHasher('sha256').update(body).digest('base64url').slice(0, 27)
  return `W/"${hash}"`
}

/** Weak comparison (RFC 9110 §13.1.2): a list of tags, or `*`. */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false
  const opaque = etag.replace(/^W\//, '')
  return header.split(',').some((candidate) => {
    const tag = candidate.trim()
    return tag === '*' || tag.replace(/^W\//, '') === opaque
  })
}

export function createResponseCache(options: ResponseCacheOptions) {
  const ttl = options.versionTtlMs ?? 500
  const clock = options.clock ?? (() => performance.now())
  const period = options.period ?? (() => '')
  const maxEntries = options.maxEntries ?? 2_000
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024

  const entries = new Map<string, Entry>()
  const inflight = new Map<string, Promise<Entry | Snapshot>>()
  let totalBytes = 0
  let known: number | undefined
  let checkedAt = Number.NEGATIVE_INFINITY
  let reading: Promise<number> | undefined
  /** Moves on each markStale: a read begun before it is not trusted for the TTL. */
  let epoch = 0

  function clear() {
    entries.clear()
    totalBytes = 0
  }

  function remove(key: string) {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    totalBytes -= entry.bytes
  }

  /** The content version now: from memory within the TTL, else one read shared by all. */
  async function generation(): Promise<number> {
    if (known !== undefined && clock() - checkedAt < ttl) return known
    if (!reading) {
      const startedAt = clock()
      const startedEpoch = epoch
      const read = options.readVersion().then((version) => {
        if (version !== known) {
          clear()
          known = version
        }
        if (epoch === startedEpoch) checkedAt = startedAt
        return version
      })
      reading = read
      read.then(
        () => {
          if (reading === read) reading = undefined
        },
        () => {
          if (reading === read) reading = undefined
        },
      )
    }
    return reading
  }

  function store(key: string, entry: Entry) {
    if (entry.generation !== known) return
    remove(key)
    entries.set(key, entry)
    totalBytes += entry.bytes
    for (const [oldest] of entries) {
      if (entries.size <= maxEntries && totalBytes <= maxBytes) break
      remove(oldest)
    }
  }

  function entryOf(snapshot: Snapshot, key: string, generation: number, at: string): Entry {
    return {
      ...snapshot,
      key,
      etag: etagOf(snapshot.body),
      generation,
      period: at,
      compressible:
        snapshot.body.byteLength >= MIN_COMPRESS_BYTES &&
        isCompressible(snapshot.headers['content-type']),
      variants: {},
      prepared: {},
      bytes: snapshot.body.byteLength,
    }
  }

  function variant(entry: Entry, encoding: Encoding | null): Bytes | null {
    if (!encoding || !entry.compressible) return null
    let body = entry.variants[encoding]
    if (body === undefined) {
      const compressed = compress(entry.body, encoding)
      body = compressed.byteLength < entry.body.byteLength ? compressed : null
      entry.variants[encoding] = body
      if (body) {
        entry.bytes += body.byteLength
        if (entries.get(entry.key) === entry) totalBytes += body.byteLength
      }
    }
    return body
  }

  function isEntry(value: Entry | Snapshot): value is Entry {
    return 'etag' in value
  }

  /**
   * The answer to one request from an entry: 304, or the body in the best
   * encoding. `extra` headers (request id, CORS, HSTS) go on top.
   */
  function answer(
    request: Request,
    entry: Entry,
    vary: string | undefined,
    extra?: Record<string, string>,
  ): Response {
    const notModified = matchesIfNoneMatch(request.headers.get('if-none-match'), entry.etag)
    const encoding =
      notModified || !entry.compressible
        ? null
        : preferredEncoding(request.headers.get('accept-encoding'))
    const compressed = variant(entry, encoding)
    const kind = notModified ? 'not-modified' : compressed && encoding ? encoding : 'identity'
    // A Headers object built once per kind of answer: the response copies it
    // faster than it reads a plain object.
    let headers = vary === undefined ? entry.prepared[kind] : undefined
    if (!headers) {
      const record: Record<string, string> = {
        ...options.baseHeaders,
        ...entry.headers,
        etag: entry.etag,
      }
      if (entry.compressible) record.vary = varyWithEncoding(vary)
      else if (vary) record.vary = vary
      if (notModified) delete record['content-type']
      if (kind === 'br' || kind === 'gzip') record['content-encoding'] = kind
      headers = new Headers(record)
      if (vary === undefined) entry.prepared[kind] = headers
    }
    const body = notModified || request.method === 'HEAD' ? null : (compressed ?? entry.body)
    const response = new Response(body, { status: notModified ? 304 : entry.status, headers })
    if (extra) {
      for (const name in extra) {
        const value = extra[name]
        if (value !== undefined) response.headers.set(name, value)
      }
    }
    return response
  }

  return {
    /**
     * A valid entry for this key, without waiting for anything: none when
     * the content version is due to be read again (the caller then goes the
     * long way, through `respond`).
     */
    lookup(key: string): Entry | undefined {
      if (!options.enabled || known === undefined || clock() - checkedAt >= ttl) return undefined
      const entry = entries.get(key)
      if (!entry || entry.generation !== known || entry.period !== period()) return undefined
      return entry
    },

    answer,

    /**
     * The public answer for a GET or HEAD request: from a valid entry, or
     * produced (once, however many requests wait for it) and kept when its
     * status follows from the content alone.
     */
    async respond(request: Request, spec: PublicAnswer): Promise<Response> {
      let current: number | null = null
      if (options.enabled) {
        try {
          current = await generation()
        } catch (error) {
          // The database is unreachable: no entry can be trusted.
          const answer = spec.unavailable?.(error)
          if (answer) return answer
        }
      }
      const at = period()
      if (current !== null) {
        const entry = entries.get(spec.key)
        if (entry && entry.generation === current && entry.period === at) {
          // Most recently used last: the first ones in the map are evicted first.
          entries.delete(spec.key)
          entries.set(spec.key, entry)
          return answer(request, entry, spec.vary)
        }
      }

      const flightKey = `${current}\n${at}\n${spec.key}`
      let pending = current === null ? undefined : inflight.get(flightKey)
      if (!pending) {
        const produced = (async (): Promise<Entry | Snapshot> => {
          const snapshot = await snapshotOf(await spec.produce())
          if (!cacheableStatuses.has(snapshot.status)) return snapshot
          snapshot.headers['cache-control'] = spec.cacheControl
          const entry = entryOf(snapshot, spec.key, current ?? -1, at)
          if (current !== null) store(spec.key, entry)
          return entry
        })()
        pending = produced
        if (current !== null) {
          inflight.set(flightKey, produced)
          const forget = () => {
            if (inflight.get(flightKey) === produced) inflight.delete(flightKey)
          }
          produced.then(forget, forget)
        }
      }
      const result = await pending
      if (isEntry(result)) return answer(request, result, spec.vary)
      const headers = { ...result.headers }
      if (spec.vary) headers.vary = spec.vary
      return new Response(request.method === 'HEAD' ? null : result.body, {
        status: result.status,
        headers,
      })
    },

    /** After a write through this server: read the content version on the next request. */
    markStale() {
      epoch++
      checkedAt = Number.NEGATIVE_INFINITY
      reading = undefined
    },

    /** Entries and bytes held (tests, diagnostics). */
    stats() {
      return { entries: entries.size, bytes: totalBytes, version: known }
    },
  }
}

export type ResponseCache = ReturnType<typeof createResponseCache>
