/**
 * Sending one Webmention (W3C Recommendation, §3.1): discover the target's endpoint, then
 * POST `source` and `target` form-encoded to it. Any 2xx is success (201 and 202 may carry a
 * status URL in `Location`). The endpoint's own query string stays, as the spec requires.
 */
import { type OutboundOptions, outboundFetch } from '../outbound/fetch'
import { discoverEndpoint } from './discover'

export type SendResult =
  | { outcome: 'no-endpoint' }
  | { outcome: 'sent'; endpoint: string; status: number; location: string | null }
  | { outcome: 'refused'; endpoint: string; status: number }

export async function sendWebmention(
  source: string,
  target: string,
  options: OutboundOptions = {},
): Promise<SendResult> {
  const endpoint = await discoverEndpoint(target, options)
  if (!endpoint) return { outcome: 'no-endpoint' }
  const response = await outboundFetch(endpoint, {
    ...options,
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...options.headers },
    body: new URLSearchParams({ source, target }),
    // The answer is a status: its body is not needed beyond a few KB.
    maxBytes: 64 * 1024,
  })
  if (response.status >= 200 && response.status < 300) {
    const location = response.headers.get('location')
    return {
      outcome: 'sent',
      endpoint,
      status: response.status,
      location: location ? new URL(location, endpoint).toString() : null,
    }
  }
  return { outcome: 'refused', endpoint, status: response.status }
}
