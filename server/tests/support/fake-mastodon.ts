/**
 * A fake Mastodon server on loopback (`Bun.serve`, port 0), written apart
 * from Fedify so that it checks our side the way Mastodon does, not the way
 * our library does:
 *
 * - its shared inbox (`/inbox`) takes only draft-cavage HTTP Signatures
 *   (`Signature: keyId=…,algorithm=…,headers=…,signature=…`) covering
 *   `(request-target)`, `host`, `date` and `digest`; the Date within an hour,
 *   the Digest the body's SHA-256; the key fetched from `keyId` (an actor's
 *   `publicKey`, or the key document) and checked with RSA-SHA256. Anything
 *   else (an RFC 9421 signature included) is a 401, as Mastodon answers;
 * - it resolves an account as Mastodon's ResolveAccountService does:
 *   WebFinger, then the `self` link's actor document, which must have
 *   `preferredUsername`, `inbox` and `publicKey.publicKeyPem`;
 * - it has one account, `alice`, with an RSA key of its own, which can sign
 *   a Follow (or anything) and send it the way Mastodon does; `extraAccounts`
 *   more (`u1`, `u2`…, the same key) each with an inbox of its own and no
 *   shared inbox, as separate servers would have; `delayMs` holds every
 *   inbox answer that long (a slow server, a queue to stop half-way).
 */
import { createHash, createSign, createVerify, generateKeyPairSync } from 'node:crypto'

export interface FakeMastodon {
  url: string
  actor: string
  /** Activities whose signature checked out, in arrival order. */
  accepted: Record<string, unknown>[]
  /** The same, with the inbox path each came to. */
  arrivals: { path: string; activity: Record<string, unknown> }[]
  /** The actor id of account `name` (`alice`, `u1`…). */
  actorOf(name: string): string
  /** Requests refused, with why. */
  refused: { reason: string; signature: string | null }[]
  /** Resolves `acct:user@host` as Mastodon would; throws with the first rule broken. */
  resolve(account: string, origin: string): Promise<Record<string, unknown>>
  /** Signs `activity` as alice, or `as` (draft-cavage, rsa-sha256) and posts it to `inbox`. */
  post(inbox: string, activity: Record<string, unknown>, as?: string): Promise<Response>
  stop(): void
}

function parseSignature(header: string): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const match of header.matchAll(/([a-zA-Z]+)="([^"]*)"/g))
    if (match[1]) fields[match[1]] = match[2] ?? ''
  return fields
}

function signingString(
  names: string[],
  method: string,
  path: string,
  headers: Headers,
): string | null {
  const lines: string[] = []
  for (const name of names) {
    if (name === '(request-target)') lines.push(`(request-target): ${method.toLowerCase()} ${path}`)
    else {
      const value = headers.get(name)
      if (value === null) return null
      lines.push(`${name}: ${value}`)
    }
  }
  return lines.join('\n')
}

async function fetchJson(url: string): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    headers: { accept: 'application/activity+json, application/ld+json' },
  })
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
  return (await response.json()) as Record<string, unknown>
}

export function startFakeMastodon(
  options: { extraAccounts?: number; delayMs?: number } = {},
): FakeMastodon {
  const names = new Set(['alice'])
  for (let n = 1; n <= (options.extraAccounts ?? 0); n++) names.add(`u${n}`)
  const arrivals: { path: string; activity: Record<string, unknown> }[] = []
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString()
  const accepted: Record<string, unknown>[] = []
  const refused: { reason: string; signature: string | null }[] = []
  let base = ''

  async function verify(request: Request, body: string): Promise<string | null> {
    const header = request.headers.get('signature')
    if (!header || request.headers.has('signature-input')) return 'no draft-cavage signature'
    const fields = parseSignature(header)
    if (!fields.keyId || !fields.signature || !fields.headers) return 'signature fields missing'
    if (fields.algorithm && !['rsa-sha256', 'hs2019'].includes(fields.algorithm))
      return `algorithm ${fields.algorithm}`
    const names = fields.headers.toLowerCase().split(/\s+/)
    for (const required of ['(request-target)', 'host', 'date', 'digest'])
      if (!names.includes(required)) return `headers must include ${required}`
    const date = Date.parse(request.headers.get('date') ?? '')
    if (!Number.isFinite(date) || Math.abs(Date.now() - date) > 60 * 60_000) return 'date'
    const digest = request.headers.get('digest') ?? ''
    const expected = `SHA-256=${createHash('sha256').update(body).digest('base64')}`
    if (!digest.split(',').some((each) => each.trim() === expected)) return 'digest'
    const url = new URL(request.url)
    const text = signingString(names, request.method, url.pathname + url.search, request.headers)
    if (text === null) return 'a signed header is missing'
    let pem: unknown
    try {
      const document = await fetchJson(fields.keyId)
      const key = (document.publicKey ?? document) as Record<string, unknown>
      if (key.id !== fields.keyId) return 'keyId names no key of the document'
      pem = key.publicKeyPem
    } catch (error) {
      return `key not fetched: ${String(error)}`
    }
    if (typeof pem !== 'string') return 'no publicKeyPem'
    const verifier = createVerify('RSA-SHA256')
    verifier.update(text)
    if (!verifier.verify(pem, fields.signature, 'base64')) return 'signature does not verify'
    return null
  }

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const url = new URL(request.url)
      const name = /^\/users\/([a-z0-9]+)$/.exec(url.pathname)?.[1]
      if (name && names.has(name)) {
        const alice = name === 'alice'
        return Response.json(
          {
            '@context': ['https://www.w3.org/ns/activitystreams', 'https://w3id.org/security/v1'],
            id: `${base}/users/${name}`,
            type: 'Person',
            preferredUsername: name,
            name: alice ? 'Alice' : `User ${name}`,
            inbox: `${base}/users/${name}/inbox`,
            ...(alice ? { endpoints: { sharedInbox: `${base}/inbox` } } : {}),
            url: `${base}/@${name}`,
            icon: { type: 'Image', mediaType: 'image/png', url: `${base}/${name}.png` },
            publicKey: {
              id: `${base}/users/${name}#main-key`,
              owner: `${base}/users/${name}`,
              publicKeyPem: publicPem,
            },
          },
          { headers: { 'content-type': 'application/activity+json' } },
        )
      }
      if (
        request.method === 'POST' &&
        (url.pathname === '/inbox' || url.pathname.endsWith('/inbox'))
      ) {
        const body = await request.text()
        if (options.delayMs) await Bun.sleep(options.delayMs)
        const reason = await verify(request, body)
        if (reason) {
          refused.push({ reason, signature: request.headers.get('signature') })
          return new Response(JSON.stringify({ error: 'Verification failed' }), { status: 401 })
        }
        const activity = JSON.parse(body) as Record<string, unknown>
        accepted.push(activity)
        arrivals.push({ path: url.pathname, activity })
        return new Response(null, { status: 202 })
      }
      return new Response('Not found', { status: 404 })
    },
  })
  base = `http://127.0.0.1:${server.port}`

  return {
    url: base,
    actor: `${base}/users/alice`,
    accepted,
    arrivals,
    refused,
    actorOf: (name) => `${base}/users/${name}`,
    async resolve(account, origin) {
      const finger = await fetch(
        `${origin}/.well-known/webfinger?resource=${encodeURIComponent(`acct:${account}`)}`,
      )
      if (!finger.ok) throw new Error(`WebFinger answered ${finger.status}`)
      const jrd = (await finger.json()) as { subject?: string; links?: Record<string, string>[] }
      if (jrd.subject !== `acct:${account}`) throw new Error('WebFinger subject differs')
      const self = jrd.links?.find(
        (link) =>
          link.rel === 'self' &&
          (link.type === 'application/activity+json' ||
            link.type?.startsWith('application/ld+json')),
      )
      if (!self?.href) throw new Error('WebFinger has no self link')
      const actor = await fetchJson(self.href)
      if (actor.id !== self.href) throw new Error('the actor id is not the self link')
      if (typeof actor.preferredUsername !== 'string') throw new Error('no preferredUsername')
      if (`${actor.preferredUsername}@${new URL(String(actor.id)).host}` !== account)
        throw new Error('preferredUsername does not match the account')
      if (typeof actor.inbox !== 'string') throw new Error('no inbox')
      const key = actor.publicKey as Record<string, unknown> | undefined
      if (typeof key?.publicKeyPem !== 'string' || key.owner !== actor.id)
        throw new Error('no publicKey owned by the actor')
      return actor
    },
    async post(inbox, activity, as = 'alice') {
      const body = JSON.stringify(activity)
      const url = new URL(inbox)
      const date = new Date().toUTCString()
      const digest = `SHA-256=${createHash('sha256').update(body).digest('base64')}`
      const text = [
        `(request-target): post ${url.pathname}`,
        `host: ${url.host}`,
        `date: ${date}`,
        `digest: ${digest}`,
        'content-type: application/activity+json',
      ].join('\n')
      const signer = createSign('RSA-SHA256')
      signer.update(text)
      const signature = signer.sign(privateKey, 'base64')
      return fetch(inbox, {
        method: 'POST',
        headers: {
          host: url.host,
          date,
          digest,
          'content-type': 'application/activity+json',
          signature: `keyId="${base}/users/${as}#main-key",algorithm="rsa-sha256",headers="(request-target) host date digest content-type",signature="${signature}"`,
        },
        body,
      })
    },
    stop: () => server.stop(true),
  }
}
