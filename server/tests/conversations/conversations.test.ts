/**
 * The conversations queue (server/services/conversations.ts): what every feature that finds a
 * reply, like or repost records through, on a real database (PGlite, or PostgreSQL with
 * DATABASE_URL): new ones wait, trusted authors are approved, the spam rules apply, alerts are
 * written, a second recording updates, removal by source, author photos served from the site,
 * the Trash, the audit log and the backup.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { conversations, conversationTrust, notificationOutbox } from '../../db/schema'
import {
  type ConversationInput,
  listConversations,
  publicConversations,
  recordConversation,
  removeConversationsBySource,
  resolveTarget,
} from '../../services/conversations'
import { createTestApp, type TestApp } from '../support/harness'
import { blackPng } from '../support/media-fixtures'

const SITE = 'https://owner.example'
let t: TestApp
let token: string
let noteId: number
let photoServer: ReturnType<typeof Bun.serve>
let photoHits = 0

const deps = () => ({
  db: t.db,
  now: t.clock.now,
  config: t.config,
  mediaStore: t.mediaStore,
  siteUrl: SITE,
})

const reply = (over: Partial<ConversationInput> = {}): ConversationInput => ({
  network: 'webmention',
  kind: 'reply',
  target: { type: 'note', id: noteId },
  source: 'https://alice.example/replies/1',
  author: { name: 'Alice', url: 'https://alice.example/', photo: null },
  content: { html: '<p>Nice <b>note</b>!</p>', text: null },
  published_at: '2026-11-30T10:00:00Z',
  ...over,
})

beforeAll(async () => {
  photoServer = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch(request) {
      photoHits++
      if (new URL(request.url).pathname === '/photo.png')
        return new Response(new Uint8Array(blackPng(300, 200)), {
          headers: { 'content-type': 'image/png' },
        })
      return new Response('no', { status: 404 })
    },
  })
  t = await createTestApp({
    siteUrl: SITE,
    config: {
      // An alert channel that is never reached: the rows in the outbox are what is checked.
      alerts: {
        retryBaseMs: 1000,
        retryMaxMs: 1000,
        pollMs: 1000,
        leaseMs: 1000,
        sendTimeoutMs: 1000,
        webhookUrl: 'http://127.0.0.1:9/hook',
      },
      social: {
        allowLoopback: true,
        verifyPollMs: 1000,
        sendPollMs: 1000,
        refreshMs: 1000,
        blueskyAppViewUrl: 'http://127.0.0.1:9',
        fetchTimeoutMs: 5000,
        fetchMaxBytes: 1024 * 1024,
      },
    },
  })
  token = await t.login()
  const note = await t.request('POST', '/api/notes', {
    token,
    body: { title: 'Hello social web', summary: 's', body: 'b', status: 'published' },
  })
  expect(note.status).toBe(201)
  noteId = note.id
})
afterAll(async () => {
  await t.close()
  photoServer.stop(true)
})

describe('recording', () => {
  test('a new reply waits, sanitised, with an alert in the outbox', async () => {
    const before = (await t.db.select().from(notificationOutbox)).length
    const { conversation, created } = await recordConversation(
      deps(),
      reply({
        content: {
          html: '<p>Nice <b>note</b>!<script>alert(1)</script><img src="https://x.example/a.png"> <a href="/me" onclick="x()">me</a></p>',
        },
      }),
    )
    expect(created).toBe(true)
    expect(conversation.status).toBe('pending')
    expect(conversation.content_html).toBe(
      '<p>Nice <b>note</b>! <a href="https://alice.example/me" rel="nofollow ugc noopener noreferrer">me</a></p>',
    )
    expect(conversation.content_text).toBe('Nice note! me')
    expect(conversation.published_at).toBe('2026-11-30T10:00:00.000Z')
    const outbox = await t.db.select().from(notificationOutbox)
    expect(outbox.length).toBe(before + 1)
    expect(outbox.at(-1)?.payload).toMatchObject({
      kind: 'conversation',
      conversation_id: conversation.id,
      name: 'Alice',
    })
    // Not on the page while pending.
    expect((await publicConversations(t.db, { type: 'note', id: noteId })).replies).toEqual([])
  })

  test('recording the same source again updates it, keeps the verdict, and sends no second alert', async () => {
    const before = (await t.db.select().from(notificationOutbox)).length
    const [row] = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.source, 'https://alice.example/replies/1'))
    await t.request('PATCH', `/api/conversations/${row?.id}`, {
      token,
      body: { status: 'approved' },
    })
    const { conversation, created } = await recordConversation(
      deps(),
      reply({ content: { text: 'Edited: nice note!' } }),
    )
    expect(created).toBe(false)
    expect(conversation.id).toBe(row?.id ?? 0)
    expect(conversation.content_text).toBe('Edited: nice note!')
    expect((await t.db.select().from(notificationOutbox)).length).toBe(before)
    expect(
      (await t.db.select().from(conversations).where(eq(conversations.source, reply().source)))
        .length,
    ).toBe(1)
  })

  test('a reply with spam phrases or many links is spam, with no alert', async () => {
    const before = (await t.db.select().from(notificationOutbox)).length
    const { conversation } = await recordConversation(
      deps(),
      reply({
        source: 'https://spam.example/1',
        author: { name: 'Bob', url: 'https://spam.example/' },
        content: { text: 'Cheap SEO services and backlinks http://a.example http://b.example' },
      }),
    )
    expect(conversation.status).toBe('spam')
    expect((await t.db.select().from(notificationOutbox)).length).toBe(before)
  })

  test('a target that is no note is refused', async () => {
    await expect(
      recordConversation(deps(), reply({ target: { type: 'note', id: 99_999 } })),
    ).rejects.toThrow('Nothing here has that target.')
  })

  test('the author photo is fetched once, resized and served from the site', async () => {
    const photo = `http://127.0.0.1:${photoServer.port}/photo.png`
    const { conversation } = await recordConversation(
      deps(),
      reply({
        kind: 'like',
        source: 'https://mastodon.example/@carol#like-1',
        network: 'mastodon',
        author: { name: 'Carol', url: 'https://mastodon.example/@carol', photo },
        content: null,
      }),
    )
    expect(conversation.author_photo).toMatch(/^\/media\/[0-9a-f]{64}-96\.webp$/)
    const served = await t.app.handle(new Request(`http://localhost${conversation.author_photo}`))
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/webp')
    const hits = photoHits
    await recordConversation(
      deps(),
      reply({
        kind: 'like',
        source: 'https://mastodon.example/@carol#like-1',
        network: 'mastodon',
        author: { name: 'Carol', url: 'https://mastodon.example/@carol', photo },
        content: null,
      }),
    )
    expect(photoHits).toBe(hits)
  })

  test('a photo on a loopback address is not fetched with the setting off', async () => {
    const { conversation } = await recordConversation(
      { ...deps(), config: { ...t.config, social: undefined } },
      reply({
        source: 'https://dave.example/r/1',
        author: {
          name: 'Dave',
          url: 'https://dave.example/',
          photo: `http://127.0.0.1:${photoServer.port}/photo.png`,
        },
      }),
    )
    expect(conversation.author_photo).toBeNull()
  })
})

describe('trust', () => {
  test('trusting an author approves their pending ones now and later ones as they come', async () => {
    const first = await recordConversation(
      deps(),
      reply({
        source: 'https://erin.example/1',
        author: { name: 'Erin', url: 'https://erin.example/' },
      }),
    )
    expect(first.conversation.status).toBe('pending')
    const trusted = await t.request('POST', `/api/conversations/${first.conversation.id}/trust`, {
      token,
      body: { type: 'domain' },
    })
    expect(trusted.status).toBe(200)
    expect(trusted.body).toMatchObject({ type: 'domain', value: 'erin.example' })
    const [row] = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, first.conversation.id))
    expect(row?.status).toBe('approved')
    const later = await recordConversation(
      deps(),
      reply({
        source: 'https://blog.erin.example/2',
        author: { name: 'Erin', url: 'https://blog.erin.example/' },
        // Trusted: the spam rules do not apply.
        content: { text: 'links http://a.example http://b.example http://c.example' },
      }),
    )
    expect(later.conversation.status).toBe('approved')
    expect((await t.db.select().from(conversationTrust)).map((row) => row.value)).toContain(
      'erin.example',
    )
  })

  test('a bad trust type is a 400 naming the field; no token is a 401', async () => {
    const [row] = await t.db.select().from(conversations).limit(1)
    const bad = await t.request('POST', `/api/conversations/${row?.id}/trust`, {
      token,
      body: { type: 'everyone' },
    })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body)).toContain('type')
    const anonymous = await t.request('POST', `/api/conversations/${row?.id}/trust`, {
      body: { type: 'author' },
    })
    expect(anonymous.status).toBe(401)
  })
})

describe('the inbox, the Trash, the audit log and the backup', () => {
  test('the inbox lists them with their note, filtered by status', async () => {
    const all = await t.request('GET', '/api/conversations', { token })
    expect(all.status).toBe(200)
    expect(all.list.length).toBeGreaterThanOrEqual(4)
    const spam = await t.request('GET', '/api/conversations?status=spam', { token })
    expect(spam.list.map((row) => (row as { author_name: string }).author_name)).toEqual(['Bob'])
    expect(all.list[0]).toMatchObject({ target_title: 'Hello social web' })
    expect(
      (await listConversations(t.db, { status: 'pending' })).every((c) => c.status === 'pending'),
    ).toBe(true)
    expect((await t.request('GET', '/api/conversations')).status).toBe(401)
  })

  test('a deleted conversation goes to the Trash and comes back; the audit log names it', async () => {
    const [row] = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.source, 'https://spam.example/1'))
    const id = row?.id ?? 0
    expect((await t.request('DELETE', `/api/conversations/${id}`, { token })).status).toBe(204)
    const trash = await t.request('GET', '/api/trash', { token })
    expect(trash.list).toContainEqual(
      expect.objectContaining({ kind: 'conversation', id, title: 'Reply from Bob' }),
    )
    const restored = await t.request('POST', `/api/trash/conversation/${id}/restore`, { token })
    expect(restored.status).toBe(200)
    expect((await t.db.select().from(conversations).where(eq(conversations.id, id))).length).toBe(1)
    const audit = await t.request('GET', '/api/audit?group=messages', { token })
    expect(JSON.stringify(audit.body)).toContain('conversations.delete')
  })

  test('the backup holds conversations and the trust list', async () => {
    const backup = await t.request('GET', '/api/backup', { token })
    expect(backup.status).toBe(200)
    const tables = backup.body.tables as Record<string, unknown[]>
    expect(tables.conversations?.length).toBeGreaterThanOrEqual(4)
    expect(tables.conversation_trust).toContainEqual(
      expect.objectContaining({ type: 'domain', value: 'erin.example' }),
    )
  })
})

describe('removal and targets', () => {
  test('removing by source takes it off the page for good', async () => {
    const before = await publicConversations(t.db, { type: 'note', id: noteId })
    expect(before.replies.map((c) => c.author_name)).toContain('Alice')
    expect(await removeConversationsBySource({ db: t.db }, 'https://alice.example/replies/1')).toBe(
      1,
    )
    const after = await publicConversations(t.db, { type: 'note', id: noteId })
    expect(after.replies.map((c) => c.author_name)).not.toContain('Alice')
    expect(await removeConversationsBySource({ db: t.db }, 'https://alice.example/replies/1')).toBe(
      0,
    )
  })

  test('a target URL resolves to a live note of this site, by its current or former address', async () => {
    const found = await resolveTarget(t.db, `${SITE}/notes/hello-social-web`, SITE)
    expect(found).toEqual({ type: 'note', id: noteId, path: '/notes/hello-social-web' })
    expect(
      await resolveTarget(t.db, 'https://elsewhere.example/notes/hello-social-web', SITE),
    ).toBeNull()
    expect(await resolveTarget(t.db, `${SITE}/notes/nothing-here`, SITE)).toBeNull()
  })
})
