/**
 * Fedify's document loaders through the one outbound fetcher
 * (server/outbound/fetch.ts): a remote actor, its key or an object is
 * fetched under the same rules as a Webmention's source (public addresses
 * only, pinned connections, checked redirects, time, size and type limits).
 * The JSON-LD contexts Fedify ships are answered from memory, never fetched.
 * The authenticated loader signs its GET (servers in Mastodon's "secure
 * mode" answer only signed fetches).
 */
import {
  type AuthenticatedDocumentLoaderFactory,
  type DocumentLoader,
  type DocumentLoaderFactory,
  FetchError,
  preloadedContexts,
  type RemoteDocument,
  signRequest,
} from '@fedify/fedify'
import type { ActivityPubSettings } from '../config'
import { OutboundError, outboundFetch } from '../outbound/fetch'

const ACCEPT =
  'application/activity+json, application/ld+json; profile="https://www.w3.org/ns/activitystreams", application/json;q=0.9'
const TYPES = [
  'application/activity+json',
  'application/ld+json',
  'application/json',
  'application/jrd+json',
]
/** A remote document's limit: actors and notes are a few KB. */
const MAX_DOCUMENT_BYTES = 512 * 1024

async function load(
  url: string,
  settings: ActivityPubSettings,
  sign?: (request: Request) => Promise<Request>,
): Promise<RemoteDocument> {
  const preloaded = preloadedContexts[url]
  if (preloaded) return { contextUrl: null, documentUrl: url, document: preloaded }
  let headers: Record<string, string> = { accept: ACCEPT }
  if (sign) {
    const signed = await sign(new Request(url, { headers }))
    headers = Object.fromEntries(signed.headers.entries())
  }
  try {
    const response = await outboundFetch(url, {
      headers,
      accept: TYPES,
      allowLoopback: settings.allowLoopback,
      timeoutMs: settings.timeoutMs,
      maxBytes: MAX_DOCUMENT_BYTES,
    })
    if (response.status >= 400) throw new FetchError(url, `HTTP ${response.status}`)
    return { contextUrl: null, documentUrl: response.url, document: JSON.parse(response.text()) }
  } catch (error) {
    if (error instanceof OutboundError) throw new FetchError(url, error.message)
    throw error
  }
}

export function documentLoaderFactory(settings: ActivityPubSettings): DocumentLoaderFactory {
  return () => ((url: string) => load(url, settings)) as DocumentLoader
}

export function authenticatedDocumentLoaderFactory(
  settings: ActivityPubSettings,
): AuthenticatedDocumentLoaderFactory {
  return (identity) =>
    ((url: string) =>
      load(url, settings, (request) =>
        signRequest(request, identity.privateKey, identity.keyId, {
          spec: 'draft-cavage-http-signatures-12',
        }),
      )) as DocumentLoader
}
