/**
 * The in-memory cache of public answers: rendered pages (200, 404, the 410
 * of an item in the Trash and the redirect of a former slug), the public API reads, the public tRPC queries,
 * the sitemap and the web manifest.
 *
 * An entry is valid for one content version (./version.ts) and one period
 * (the pages show the owner's age, which changes with the year). Every
 * answer it serves carries a weak ETag and revalidates: If-None-Match gets
 * a 304. Text answers are compressed with brotli or gzip once per entry and
 * per encoding, by Accept-Encoding.
 */
import { brotliCompress, constants } from 'node:zlib'
import type { Logger } from '../../../log'
import {
  type Bytes,
  compress,
  type Encoding,
  isCompressible,
  MIN_COMPRESS_BYTES,
  preferredEncoding,
  varyWithEncoding,
} from '../compress'
import { etagOf, matchesIfNoneMatch } from '../conditional'
import type { KeptPage } from './kept-pages'
import { createEntryStore } from './store'
import { createVersionTracker } from './version'

/** What a server may tune of the cache (tests move the clock). */
export interface CacheSettings {
  /**
   * How long a read of the content version is trusted. PostgreSQL: 0, every
   * request reads it (other instances write too, and a database that went
   * away answers 503 at once rather than from the cache). PGlite: 500 ms (no
   * other process can write to its directory; a write here reads it at once).
   */
  versionTtlMs?: number
  /** A monotonic clock in ms, for tests. */
  clock?: () => number
}

export interface ResponseCacheOptions {
  /** Off: answers still get their ETag, 304s and compression, but nothing is kept. */
  enabled: boolean
  /** The database's content version (services/content-version.ts). */
  readVersion: () => Promise<number>
  /** How long a version read is trusted; 0 reads it for every request. */
  versionTtlMs?: number
  /** A monotonic clock in milliseconds (tests move it). */
  clock?: () => number
  /** A part of every key that moves with time alone (the year: the pages show an age). */
  period?: () => string
  maxEntries?: number
  /** Bodies and their compressed variants together. */
  maxBytes?: number
  /** Headers every answer carries (the security headers), under the answer's own. */
  baseHeaders?: Record<string, string>
  log?: Logger
}

export interface PublicAnswer {
  /**
   * The entry's key (GET and HEAD share it): the path and only what the
   * answer is made from (a page's own query parameters, tRPC's input), so
   * that nothing else in the URL makes a new entry.
   */
  key: string
  /** Makes the answer when there is no valid entry. */
  produce: () => Promise<Response>
  /** A Vary value set by an earlier hook (CORS: `Origin`), kept beside Accept-Encoding. */
  vary?: string
  /** Cache-Control of a cacheable answer; `no-cache` (kept, revalidated by ETag) when absent. */
  cacheControl?: string
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

export interface Entry extends Snapshot {
  key: string
  /** The key's address without its query and its variant (`#`: the appearance): the request log's path. */
  path: string
  etag: string
  generation: number
  period: string
  compressible: boolean
  /** null: compressing did not make it smaller. */
  variants: Partial<Record<Encoding, Bytes | null>>
  /** The headers of each kind of answer, built once (when no other hook adds a Vary). */
  prepared: Partial<Record<Encoding | 'identity' | 'not-modified', Headers>>
  /**
   * Each body as it is sent, made once: a Response shares a Blob's bytes,
   * where it would copy an array's for every request.
   */
  blobs: Partial<Record<Encoding | 'identity', Blob>>
  bytes: number
  /** The brotli body is being (or has been) recompressed at the best quality. */
  polishing?: boolean
}

/**
 * Kept bodies at least this large get their brotli variant recompressed at
 * quality 11 in the background: about 10% smaller than the quality 6 made
 * at once (the home page: 16.6 → 15.1 KB), which on a slow phone link can
 * keep a page inside TCP's first round trip. 0.3 s of a worker thread per
 * page and content version; the event loop does not wait for it.
 */
const POLISH_MIN_BYTES = 8 * 1024
const polishedQuality = 11

function brotliBest(body: Bytes): Promise<Bytes> {
  return new Promise((resolve, reject) =>
    brotliCompress(
      body,
      {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: polishedQuality,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      },
      (error, result) => (error ? reject(error) : resolve(new Uint8Array(result))),
    ),
  )
}

/** Statuses whose answer follows from the content alone. */
const cacheableStatuses = new Set([200, 301, 308, 404, 410])

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

function isEntry(value: Entry | Snapshot): value is Entry {
  return 'etag' in value
}

export function createResponseCache(options: ResponseCacheOptions) {
  const period = options.period ?? (() => '')
  const store = createEntryStore<Entry>({
    maxEntries: options.maxEntries ?? 2_000,
    maxBytes: options.maxBytes ?? 64 * 1024 * 1024,
  })
  const version = createVersionTracker({
    read: options.readVersion,
    ttlMs: options.versionTtlMs ?? 500,
    clock: options.clock ?? (() => performance.now()),
    onChange: () => store.clear(),
  })
  const inflight = new Map<string, Promise<Entry | Snapshot>>()

  /** Kept pages as entries of this version and period, their compressed bodies as they were made. */
  function entriesOf(pages: readonly KeptPage[], generation: number, at: string): Entry[] {
    return pages.map((page) => {
      const { status, headers, body } = page
      const entry = entryOf({ status, headers, body }, page.key, generation, at)
      for (const encoding of ['br', 'gzip'] as const) {
        const body = page[encoding]
        if (body && entry.compressible) {
          entry.variants[encoding] = body
          entry.bytes += body.byteLength
        }
      }
      return entry
    })
  }

  function entryOf(snapshot: Snapshot, key: string, generation: number, at: string): Entry {
    return {
      ...snapshot,
      key,
      path: key.split(/[?#]/)[0] || '/',
      etag: etagOf(snapshot.body),
      generation,
      period: at,
      compressible:
        snapshot.body.byteLength >= MIN_COMPRESS_BYTES &&
        isCompressible(snapshot.headers['content-type']),
      variants: {},
      prepared: {},
      blobs: {},
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
        store.resized(entry.key, entry)
        if (encoding === 'br') polish(entry)
      }
    }
    return body
  }

  /** Swaps a kept entry's brotli body for one at the best quality, once it is ready. */
  function polish(entry: Entry) {
    if (entry.polishing || !options.enabled || entry.body.byteLength < POLISH_MIN_BYTES) return
    entry.polishing = true
    brotliBest(entry.body).then(
      (best) => {
        const current = entry.variants.br
        // Dropped from the cache meanwhile, or no gain: nothing to swap.
        if (!current || store.peek(entry.key) !== entry || best.byteLength >= current.byteLength) {
          return
        }
        entry.variants.br = best
        entry.bytes += best.byteLength - current.byteLength
        const blob = entry.blobs.br
        if (blob) {
          entry.bytes -= blob.size
          delete entry.blobs.br
        }
        store.resized(entry.key, entry)
      },
      (error: unknown) =>
        options.log?.warn('recompressing a cached answer failed', { error: String(error) }),
    )
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
    let body: Blob | null = null
    if (!notModified && request.method !== 'HEAD' && kind !== 'not-modified') {
      body = entry.blobs[kind] ?? null
      if (!body) {
        body = new Blob([compressed ?? entry.body])
        entry.blobs[kind] = body
        entry.bytes += body.size
        store.resized(entry.key, entry)
      }
    }
    const response = new Response(body, { status: notModified ? 304 : entry.status, headers })
    if (extra) {
      for (const name in extra) {
        const value = extra[name]
        if (value !== undefined) response.headers.set(name, value)
      }
    }
    return response
  }

  /** Produces an answer once, however many requests wait for it; keeps it when it may be kept. */
  function produce(key: string, spec: PublicAnswer, current: number | null, at: string) {
    const flightKey = `${current}\n${at}\n${key}`
    const pending = current === null ? undefined : inflight.get(flightKey)
    if (pending) return pending
    const produced = (async (): Promise<Entry | Snapshot> => {
      const snapshot = await snapshotOf(await spec.produce())
      if (!cacheableStatuses.has(snapshot.status)) return snapshot
      snapshot.headers['cache-control'] = spec.cacheControl ?? 'no-cache'
      const entry = entryOf(snapshot, key, current ?? -1, at)
      // Produced for the version still current: keep it.
      if (current !== null && current === version.latest()) store.set(key, entry)
      return entry
    })()
    if (current !== null) {
      inflight.set(flightKey, produced)
      const forget = () => {
        if (inflight.get(flightKey) === produced) inflight.delete(flightKey)
      }
      produced.then(forget, forget)
    }
    return produced
  }

  return {
    /**
     * A valid entry for this key, without waiting for anything: none when
     * the content version is due to be read again (the caller then goes the
     * long way, through `respond`).
     */
    lookup(key: string): Entry | undefined {
      if (!options.enabled) return undefined
      const trusted = version.trusted()
      if (trusted === undefined) return undefined
      const entry = store.peek(key)
      if (!entry || entry.generation !== trusted || entry.period !== period()) return undefined
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
          current = await version.current()
        } catch (error) {
          // The database is unreachable: no entry can be trusted.
          const unavailable = spec.unavailable?.(error)
          if (unavailable) return unavailable
        }
      }
      const at = period()
      const { key } = spec
      if (current !== null) {
        const entry = store.get(key)
        if (entry && entry.generation === current && entry.period === at) {
          return answer(request, entry, spec.vary)
        }
      }
      const result = await produce(key, spec, current, at)
      if (isEntry(result)) return answer(request, result, spec.vary)
      const headers = { ...result.headers }
      if (spec.vary) headers.vary = spec.vary
      return new Response(request.method === 'HEAD' ? null : result.body, {
        status: result.status,
        headers,
      })
    },

    /**
     * The public HTML pages held for this content version and the current
     * period: what a stop keeps for the next start (./kept-pages.ts). Only
     * keys that are an address and an appearance (no query), and statuses
     * that follow from the content; the pages that exist (200) first, then
     * the rest (a crawler's 404s), each the most recently used first.
     */
    keep(current: number): { period: string; pages: KeptPage[] } {
      const at = period()
      const pages: KeptPage[] = []
      for (const entry of store.values()) {
        if (entry.generation !== current || entry.period !== at || entry.key.includes('?')) continue
        if (!entry.headers['content-type']?.startsWith('text/html')) continue
        if (entry.status !== 200 && entry.status !== 404 && entry.status !== 410) continue
        const { br, gzip } = entry.variants
        pages.push({
          key: entry.key,
          path: entry.path,
          status: entry.status,
          headers: entry.headers,
          body: entry.body,
          br: br ?? undefined,
          gzip: gzip ?? undefined,
        })
      }
      // A stable sort: the order of use stays within each group.
      pages.sort((a, b) => Number(b.status === 200) - Number(a.status === 200))
      return { period: at, pages }
    },

    /**
     * Holds kept pages as entries of the content version they were made for:
     * they answer once a read of the database's version finds that version
     * (each lookup compares it), and never otherwise.
     */
    adopt(pages: readonly KeptPage[], generation: number, at: string): Entry[] {
      const entries = entriesOf(pages, generation, at)
      if (options.enabled) for (const entry of entries) store.set(entry.key, entry)
      return entries
    },

    /** After a write through this server: read the content version on the next request. */
    markStale: version.markStale,

    /** Entries and bytes held (tests, diagnostics). */
    stats: () => ({ ...store.stats(), version: version.latest() }),
  }
}

export type ResponseCache = ReturnType<typeof createResponseCache>
