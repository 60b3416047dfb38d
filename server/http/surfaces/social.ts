/**
 * The site's identity on the social web that is not a page: `/.well-known/atproto-did`, which
 * makes the domain the owner's Bluesky handle (the DID they entered in the profile, as plain
 * text; 404 while there is none). Read through the public profile procedure.
 */
import { messages } from '../../messages'
import { jsonError } from '../../trpc/errors'
import type { createCaller } from '../../trpc/root'

export async function atprotoDidResponse(
  server: ReturnType<typeof createCaller>,
): Promise<Response> {
  const profile = await server.profile.get()
  if (!profile.atproto_did)
    return jsonError(404, messages.notFound, {}, { 'cache-control': 'no-store' })
  return new Response(profile.atproto_did, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' },
  })
}
