import { messages } from '../../messages'

export const MAX_BODY_BYTES = 1024 * 1024

/**
 * What a multipart body may carry beyond its declared limit: the boundaries
 * and part headers around the content (and a short text field or two).
 */
export const MULTIPART_FRAMING_BYTES = 64 * 1024

/** A body that cannot be used: the status to answer and the sentence the client reads. */
export interface BodyFailure {
  ok: false
  status: 400 | 413 | 415
  message: string
}
export type BodyResult<T> = { ok: true; value: T } | BodyFailure

const failure = (status: BodyFailure['status'], message: string): BodyFailure => ({
  ok: false,
  status,
  message,
})

/** `1 MB`, `15 MB`, `512 KB`. */
function sizeText(bytes: number): string {
  const megabytes = bytes / (1024 * 1024)
  return megabytes >= 1 ? `${Number(megabytes.toFixed(1))} MB` : `${Math.ceil(bytes / 1024)} KB`
}

const tooLarge = (limit: number) =>
  failure(413, `The request body is too large (the limit is ${sizeText(limit)}).`)

/**
 * Reads a request body without ever holding more than `limit` bytes: a
 * declared Content-Length over it is refused at once, and a chunked body is
 * cut off as soon as it crosses it. `shown` is the limit the refusal names.
 */
export async function readBytes(
  request: Request,
  limit = MAX_BODY_BYTES,
  shown = limit,
): Promise<BodyResult<Uint8Array<ArrayBuffer>>> {
  const declared = request.headers.get('content-length')
  if (declared !== null && Number(declared) > limit) return tooLarge(shown)
  if (!request.body) return { ok: true, value: new Uint8Array(0) }
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => {})
      return tooLarge(shown)
    }
    chunks.push(value)
  }
  return { ok: true, value: Buffer.concat(chunks) }
}

/** A body as UTF-8 text, within the limit. */
export async function readBody(
  request: Request,
  limit = MAX_BODY_BYTES,
): Promise<BodyResult<string>> {
  const read = await readBytes(request, limit)
  if (!read.ok) return read
  try {
    return { ok: true, value: new TextDecoder('utf-8', { fatal: true }).decode(read.value) }
  } catch {
    return failure(400, messages.notUtf8)
  }
}

export function isMultipartContentType(request: Request): boolean {
  const type = request.headers.get('content-type')
  return type !== null && /^multipart\/form-data\s*;/i.test(type.trim())
}

/**
 * A `multipart/form-data` body whose content is at most `limit` bytes (its
 * framing may add `MULTIPART_FRAMING_BYTES`), parsed into FormData.
 */
export async function readForm(request: Request, limit: number): Promise<BodyResult<FormData>> {
  if (!isMultipartContentType(request)) return failure(415, messages.mustBeMultipart)
  const read = await readBytes(request, limit + MULTIPART_FRAMING_BYTES, limit)
  if (!read.ok) return read
  try {
    const parsed = new Response(read.value, {
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
    })
    return { ok: true, value: await parsed.formData() }
  } catch {
    return failure(400, messages.notMultipart)
  }
}

export function isJsonContentType(request: Request): boolean {
  const type = request.headers.get('content-type')
  return type !== null && /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type.trim())
}

export const MAX_JSON_DEPTH = 32

/** Whether a JSON text nests objects/arrays deeper than `max` (checked before parsing). */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (inString) {
      if (char === '\\') i++
      else if (char === '"') inString = false
    } else if (char === '"') inString = true
    else if (char === '{' || char === '[') {
      if (++depth > max) return true
    } else if (char === '}' || char === ']') depth--
  }
  return false
}

/** Parses a JSON body that must be an object; rejects malformed or deeply nested input. */
export function parseJsonObject(text: string): BodyResult<Record<string, unknown>> {
  if (text.trim() === '') return { ok: true, value: {} }
  if (jsonTooDeep(text)) return failure(400, messages.tooDeep)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return failure(400, messages.notJson)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return failure(400, messages.notObject)
  }
  return { ok: true, value: value as Record<string, unknown> }
}
