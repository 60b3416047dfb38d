import { messages } from '../messages'
import { jsonError } from './respond'

export const MAX_BODY_BYTES = 1024 * 1024

export type BodyResult = { ok: true; text: string } | { ok: false; response: Response }

const tooLarge = () =>
  jsonError(413, `The request body is too large (the limit is ${MAX_BODY_BYTES / 1024} KB).`)

/**
 * Reads a request body without ever holding more than the limit: a declared
 * Content-Length over it is refused at once, and a chunked body is cut off
 * as soon as it crosses it.
 */
export async function readBody(request: Request, limit = MAX_BODY_BYTES): Promise<BodyResult> {
  const declared = request.headers.get('content-length')
  if (declared !== null && Number(declared) > limit) return { ok: false, response: tooLarge() }
  if (!request.body) return { ok: true, text: '' }
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => {})
      return { ok: false, response: tooLarge() }
    }
    chunks.push(value)
  }
  try {
    return {
      ok: true,
      text: new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks)),
    }
  } catch {
    return { ok: false, response: jsonError(400, messages.notUtf8) }
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
export function parseJsonObject(
  text: string,
): { ok: true; value: Record<string, unknown> } | { ok: false; response: Response } {
  if (text.trim() === '') return { ok: true, value: {} }
  if (jsonTooDeep(text)) {
    return { ok: false, response: jsonError(400, messages.tooDeep) }
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { ok: false, response: jsonError(400, messages.notJson) }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, response: jsonError(400, messages.notObject) }
  }
  return { ok: true, value: value as Record<string, unknown> }
}
