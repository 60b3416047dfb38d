/*
 * Calls to REST routes the tRPC door does not take (multipart uploads, a
 * file download): fetch with the stored token, the server's sentence on a
 * refusal.
 */
import { NETWORK_ERROR_TEXT } from '../../../lib/admin-errors'
import { getToken } from '../../../lib/token'
import { errorSentenceOf, UploadError } from '../media/media-upload'

function authorization(): Record<string, string> {
  const token = getToken()
  return token ? { authorization: `Bearer ${token}` } : {}
}

/** Sends a request to a REST route; resolves with its answer, rejects with the server's sentence. */
export async function restCall(
  method: string,
  path: string,
  body?: FormData | string,
  fallback = 'The request failed.',
): Promise<Response> {
  let response: Response
  try {
    response = await fetch(path, {
      method,
      headers: {
        ...authorization(),
        ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
      },
      body,
    })
  } catch {
    throw new UploadError(NETWORK_ERROR_TEXT, null)
  }
  if (response.ok) return response
  const answer: unknown = await response.json().catch(() => null)
  throw new UploadError(
    errorSentenceOf(answer) ?? `${fallback} (the server answered ${response.status}).`,
    response.status,
  )
}

/** The sentence to show for a failed call. */
export function sentenceOf(error: unknown): string {
  return error instanceof Error ? error.message : NETWORK_ERROR_TEXT
}
