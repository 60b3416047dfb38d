/**
 * The site as an ActivityPub account, read as Mastodon reads it: off by
 * default and refused on an address other servers cannot reach; once on,
 * WebFinger, the actor document (what Mastodon requires: preferredUsername,
 * inbox, publicKey, icon; the profile links as PropertyValue with rel=me),
 * NodeInfo 2.1, the collections; the key pairs made once and kept; the
 * settings' validation.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { defaultActivityPubSettings } from '../../config'
import { activitypubKeys } from '../../db/schema'
import { createTestApp, isRecord, type TestApp } from '../support/harness'

setDefaultTimeout(20_000)

const AP = { accept: 'application/activity+json' }

let t: TestApp
let token: string
beforeAll(async () => {
  t = await createTestApp({ siteUrl: 'https://ada.example' })
  token = await t.login()
}, 30_000)
afterAll(() => t.close())

const settings = (extra: Record<string, unknown> = {}) => ({
  enabled: true,
  handle: null,
  object_type: 'Article',
  approve_follows: false,
  ...extra,
})

describe('while off', () => {
  test('federation is off by default and its addresses find nothing', async () => {
    const read = await t.request('GET', '/api/activitypub/settings', { token })
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({
      enabled: false,
      available: true,
      handle: 'owner',
      account: '@owner@ada.example',
      actor_url: 'https://ada.example/ap/users/site',
      followers: 0,
    })
    for (const path of [
      '/.well-known/webfinger?resource=acct:owner@ada.example',
      '/ap/users/site',
      '/.well-known/nodeinfo',
    ]) {
      const r = await t.request('GET', path, { headers: AP })
      expect(r.status).toBe(404)
    }
  })

  test('the settings need the admin', async () => {
    const r = await t.request('GET', '/api/activitypub/settings')
    expect(r.status).toBe(401)
  })

  test('a bad handle or type is refused, naming the field, and nothing is saved', async () => {
    const handle = await t.request('PUT', '/api/activitypub/settings', {
      token,
      body: settings({ handle: 'ada lovelace!' }),
    })
    expect(handle.status).toBe(400)
    expect(JSON.stringify(handle.body)).toContain('handle')
    const type = await t.request('PUT', '/api/activitypub/settings', {
      token,
      body: settings({ object_type: 'Video' }),
    })
    expect(type.status).toBe(400)
    expect(JSON.stringify(type.body)).toContain('object_type')
    const read = await t.request('GET', '/api/activitypub/settings', { token })
    expect(read.body.enabled).toBe(false)
  })
})

describe('on a site at a local address', () => {
  test('it cannot be turned on: the answer says why, under the field', async () => {
    const local = await createTestApp({ siteUrl: 'http://localhost:3000' })
    try {
      const localToken = await local.login()
      const r = await local.request('PUT', '/api/activitypub/settings', {
        token: localToken,
        body: settings(),
      })
      expect(r.status).toBe(400)
      expect(JSON.stringify((r.body.fields as Record<string, unknown>).enabled)).toContain(
        'must be a public https address',
      )
      const read = await local.request('GET', '/api/activitypub/settings', { token: localToken })
      expect(read.body).toMatchObject({ enabled: false, available: false })
    } finally {
      await local.close()
    }
  })
})

describe('once on', () => {
  beforeAll(async () => {
    const r = await t.request('PUT', '/api/activitypub/settings', {
      token,
      body: settings({ handle: 'ada' }),
    })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ enabled: true, account: '@ada@ada.example' })
  })

  test('WebFinger finds the account by its handle, and nothing by another', async () => {
    const r = await t.request('GET', '/.well-known/webfinger?resource=acct:ada@ada.example')
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toContain('application/jrd+json')
    expect(r.body.subject).toBe('acct:ada@ada.example')
    const links = r.body.links as { rel: string; type?: string; href?: string }[]
    expect(links).toContainEqual(
      expect.objectContaining({
        rel: 'self',
        type: 'application/activity+json',
        href: 'https://ada.example/ap/users/site',
      }),
    )
    const other = await t.request('GET', '/.well-known/webfinger?resource=acct:grace@ada.example')
    expect(other.status).toBe(404)
  })

  test('the actor is a Person with what Mastodon requires', async () => {
    const r = await t.request('GET', '/ap/users/site', { headers: AP })
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toContain('application/activity+json')
    const actor = r.body
    expect(actor).toMatchObject({
      id: 'https://ada.example/ap/users/site',
      type: 'Person',
      preferredUsername: 'ada',
      name: 'Ada Lovelace',
      inbox: 'https://ada.example/ap/users/site/inbox',
      outbox: 'https://ada.example/ap/users/site/outbox',
      followers: 'https://ada.example/ap/users/site/followers',
      following: 'https://ada.example/ap/users/site/following',
      url: 'https://ada.example/',
      manuallyApprovesFollowers: false,
      endpoints: { sharedInbox: 'https://ada.example/ap/inbox' },
    })
    const key = actor.publicKey as Record<string, unknown>
    expect(key.owner).toBe('https://ada.example/ap/users/site')
    expect(String(key.id)).toStartWith('https://ada.example/ap/users/site#')
    expect(String(key.publicKeyPem)).toContain('-----BEGIN PUBLIC KEY-----')
    expect(actor.icon).toMatchObject({ type: 'Image', url: 'https://ada.example/profile.svg' })
    expect(actor.image).toMatchObject({ type: 'Image' })
    // JSON-LD compacts a list of one to the item itself.
    const attachments = [actor.attachment].flat() as Record<string, unknown>[]
    expect(attachments[0]).toMatchObject({ type: 'PropertyValue', name: 'Website' })
    expect(String(attachments[0]?.value)).toContain('rel="me"')
    // An Ed25519 key too (Object Integrity Proofs).
    expect(JSON.stringify(actor.assertionMethod)).toContain('Multikey')
    // A browser is sent to the home page.
    const page = await t.request('GET', '/ap/users/site', { headers: { accept: 'text/html' } })
    expect(page.status).toBe(302)
    expect(page.headers.get('location')).toBe('https://ada.example/')
  })

  test('the key pairs are made once, stored, and the same on every read', async () => {
    const first = await t.request('GET', '/ap/users/site', { headers: AP })
    const second = await t.request('GET', '/ap/users/site', { headers: AP })
    expect((first.body.publicKey as Record<string, unknown>).publicKeyPem).toBe(
      (second.body.publicKey as Record<string, unknown>).publicKeyPem,
    )
    const rows = await t.db.select().from(activitypubKeys)
    expect(rows.map((row) => row.algorithm).sort()).toEqual(['Ed25519', 'RSASSA-PKCS1-v1_5'])
  })

  test('NodeInfo is found from /.well-known/nodeinfo and is valid 2.1', async () => {
    const index = await t.request('GET', '/.well-known/nodeinfo')
    expect(index.status).toBe(200)
    const links = index.body.links as { rel: string; href: string }[]
    const link = links.find(
      (each) => each.rel === 'http://nodeinfo.diaspora.software/ns/schema/2.1',
    )
    expect(link?.href).toBe('https://ada.example/nodeinfo/2.1')
    const r = await t.request('GET', '/nodeinfo/2.1')
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({
      version: '2.1',
      software: { name: 'portfolio', version: '0.1.0' },
      protocols: ['activitypub'],
      openRegistrations: false,
      usage: { users: { total: 1 } },
    })
    // The schema's rule for a software name.
    expect(String((r.body.software as Record<string, unknown>).name)).toMatch(/^[a-z0-9-]+$/)
  })

  test('the followers, following and outbox collections answer, empty at first', async () => {
    for (const name of ['followers', 'following', 'outbox']) {
      const r = await t.request('GET', `/ap/users/site/${name}`, { headers: AP })
      expect(r.status).toBe(200)
      expect(isRecord(r.json)).toBe(true)
      expect(r.body.type).toMatch(/Collection/)
    }
  })

  test('an unsigned post to the inbox is refused', async () => {
    const r = await t.request('POST', '/ap/inbox', {
      headers: { 'content-type': 'application/activity+json' },
      raw: JSON.stringify({
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: 'https://elsewhere.example/activities/1',
        type: 'Follow',
        actor: 'https://elsewhere.example/users/mallory',
        object: 'https://ada.example/ap/users/site',
      }),
    })
    expect(r.status).toBe(401)
  })

  test('a body over the inbox limit is refused before it is read whole', async () => {
    const r = await t.request('POST', '/ap/inbox', {
      headers: { 'content-type': 'application/activity+json' },
      raw: JSON.stringify({ type: 'Note', content: 'x'.repeat(300 * 1024) }),
    })
    expect(r.status).toBe(413)
    expect(String(r.body.error)).toContain('bytes')
  })
})

describe('the inbox rate limit', () => {
  test('past the posts allowed per minute, an address gets 429 until the next minute', async () => {
    const limited = await createTestApp({
      siteUrl: 'https://ada.example',
      config: { activitypub: { ...defaultActivityPubSettings, inboxPerMinute: 2 } },
    })
    try {
      const limitedToken = await limited.login()
      await limited.request('PUT', '/api/activitypub/settings', {
        token: limitedToken,
        body: settings(),
      })
      const post = () =>
        limited.request('POST', '/ap/inbox', {
          headers: { 'content-type': 'application/activity+json' },
          raw: JSON.stringify({
            '@context': 'https://www.w3.org/ns/activitystreams',
            id: 'https://elsewhere.example/activities/2',
            type: 'Follow',
            actor: 'https://elsewhere.example/users/mallory',
            object: 'https://ada.example/ap/users/site',
          }),
        })
      expect((await post()).status).toBe(401)
      expect((await post()).status).toBe(401)
      const refused = await post()
      expect(refused.status).toBe(429)
      expect(refused.headers.get('retry-after')).toBe('60')
      limited.clock.advance(60_000)
      expect((await post()).status).toBe(401)
    } finally {
      await limited.close()
    }
  })
})
