/**
 * Content negotiation for compressed answers: brotli or gzip when the
 * client's Accept-Encoding allows it, identity otherwise. Static assets are
 * compressed once at build time (server/build/precompress.ts); cached pages and
 * API answers once per cache entry (server/http/infra/cache/response-cache.ts).
 */
import { brotliCompressSync, constants } from 'node:zlib'

export type Encoding = 'br' | 'gzip'

/** Bytes of a body (never a shared buffer: a Response can send it). */
export type Bytes = Uint8Array<ArrayBuffer>

/** The encodings we offer, best first. */
const offered: readonly Encoding[] = ['br', 'gzip']

/**
 * The answers for the Accept-Encoding values seen: browsers send a handful
 * of them, and parsing one was a fifth of a cache hit's work in a CPU
 * profile. Emptied when full (a client sending a new value each time only
 * costs the parse).
 */
const chosen = new Map<string, Encoding | null>()
const CHOSEN_MAX = 256

/**
 * The best encoding the client accepts, by its Accept-Encoding header
 * (`br;q=0` refuses brotli; `*` accepts anything not named). Equal q-values
 * go to brotli (smaller).
 */
export function preferredEncoding(acceptEncoding: string | null): Encoding | null {
  if (!acceptEncoding) return null
  const known = chosen.get(acceptEncoding)
  if (known !== undefined) return known
  const best = parsedPreference(acceptEncoding)
  if (chosen.size >= CHOSEN_MAX) chosen.clear()
  chosen.set(acceptEncoding, best)
  return best
}

function parsedPreference(acceptEncoding: string): Encoding | null {
  const weights = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    let q = 1
    for (const param of params) {
      const [key, value] = param.trim().split('=')
      if (key === 'q') q = Number(value)
    }
    weights.set(name.trim(), Number.isFinite(q) ? q : 0)
  }
  let best: Encoding | null = null
  let bestWeight = 0
  for (const encoding of offered) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0
    if (weight > bestWeight) {
      best = encoding
      bestWeight = weight
    }
  }
  return best
}

/** Text formats worth compressing (images and fonts are compressed already). */
export function isCompressible(contentType: string | null | undefined): boolean {
  if (!contentType) return false
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? ''
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type === 'application/javascript' ||
    type === 'application/xml' ||
    type === 'application/manifest+json' ||
    type === 'image/svg+xml' ||
    type.endsWith('+json') ||
    type.endsWith('+xml')
  )
}

/** Bodies shorter than this gain nothing from compression. */
export const MIN_COMPRESS_BYTES = 512

/**
 * Compresses a body; `quality` is brotli's (0–11). Answers compressed at
 * run time use a middle quality (fast, nearly as small); build-time assets
 * use the best.
 */
export function compress(body: Bytes, encoding: Encoding, quality = 6): Bytes {
  if (encoding === 'gzip') return Bun.gzipSync(body, { level: 9 })
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
    },
  })
}

/** Adds `Accept-Encoding` to a Vary header value (kept when already there). */
export function varyWithEncoding(vary: string | null | undefined): string {
  const names = (vary ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  if (!names.some((name) => name.toLowerCase() === 'accept-encoding')) {
    names.push('Accept-Encoding')
  }
  return names.join(', ')
}

/**
 * An answer made for one request (never cached: the contact page with its
 * form token, the newsletter's pages, the sign-in page), compressed for it
 * when the client accepts it and the body is text worth it. A cached answer
 * is compressed once per entry instead (./cache/response-cache.ts).
 */
export async function compressedForRequest(
  request: Request,
  response: Response,
): Promise<Response> {
  const encoding = preferredEncoding(request.headers.get('accept-encoding'))
  const headers = new Headers(response.headers)
  if (!response.body || request.method === 'HEAD' || headers.has('content-encoding')) {
    return response
  }
  if (!isCompressible(headers.get('content-type'))) return response
  headers.set('vary', varyWithEncoding(headers.get('vary')))
  const body = new Uint8Array(await response.arrayBuffer())
  if (!encoding || body.byteLength < MIN_COMPRESS_BYTES) {
    return new Response(body, { status: response.status, headers })
  }
  headers.set('content-encoding', encoding)
  headers.delete('content-length')
  return new Response(compress(body, encoding), { status: response.status, headers })
}
