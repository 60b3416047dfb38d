/**
 * Two instances of this app federating with each other on loopback (the
 * test-only setting allows http and loopback addresses), each a real
 * listening server: B follows A (its Follow signed and sent by B's own
 * outbox, verified by A against B's actor document), A accepts; A
 * publishes and the Create arrives in B's shared inbox, signed so that B's
 * Fedify takes it; an edit arrives as Update, a move to the Trash as
 * Delete; a tampered body is refused; likes, boosts and replies are held
 * for moderation; Undo, blocks and removals.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { activitypubDeliveries, conversations } from '../../db/schema'
import {
  type FediInstance,
  queueFrom,
  startFediInstance,
  tamperedPost,
} from '../support/fedi-instances'
import { isRecord } from '../support/harness'

setDefaultTimeout(30_000)

let A: FediInstance
let B: FediInstance
beforeAll(async () => {
  A = await startFediInstance({ handle: 'ada' })
  B = await startFediInstance({ handle: 'bea' })
}, 60_000)
afterAll(async () => {
  await A?.close()
  await B?.close()
})

const AS = 'https://www.w3.org/ns/activitystreams'
const ofType = (instance: FediInstance, type: string) =>
  instance.received().filter((activity) => activity.type === type)
const objectOf = (activity: Record<string, unknown>) =>
  (isRecord(activity.object) ? activity.object : {}) as Record<string, unknown>

let noteId = 0
let noteObjectId = ''

describe('B follows A', () => {
  test('A verifies B’s signature, lists B as a follower and answers Accept', async () => {
    const follow = {
      '@context': AS,
      id: `${B.paths.actor}#follow-1`,
      type: 'Follow',
      actor: B.paths.actor,
      object: A.paths.actor,
    }
    await queueFrom(B, A.paths.inbox, follow)
    await B.t.jobs.runNow('activitypub-deliver')
    const arrived = A.seen.find((each) => each.method === 'POST' && each.path.endsWith('/inbox'))
    expect(arrived?.status).toBe(202)
    const followers = await A.t.request('GET', '/api/activitypub/followers', { token: A.token })
    expect(followers.status).toBe(200)
    expect(followers.list).toEqual([
      expect.objectContaining({
        actor_id: B.paths.actor,
        handle: `@bea@${new URL(B.siteUrl).host}`,
        name: 'Ada Lovelace',
        status: 'accepted',
      }),
    ])
    const settings = await A.t.request('GET', '/api/activitypub/settings', { token: A.token })
    expect(settings.body.followers).toBe(1)
    await A.federate()
    const accepts = ofType(B, 'Accept')
    expect(accepts).toHaveLength(1)
    expect(objectOf(accepts[0] ?? {}).id).toBe(follow.id)
    // The followers collection counts B.
    const collection = await A.t.request('GET', '/ap/users/site/followers', {
      headers: { accept: 'application/activity+json' },
    })
    expect(collection.body.totalItems).toBe(1)
  })
})

describe('A publishes', () => {
  test('a published note arrives in B’s shared inbox as Create(Article), once', async () => {
    const created = await A.t.request('POST', '/api/notes', {
      token: A.token,
      body: {
        title: 'Federated hello',
        summary: 'A note that travels.',
        body: 'Hello **fediverse**, see [the notes](/notes).',
        tags: ['Bun', 'Web Dev'],
        cover_url: '/media/cover.png',
        status: 'published',
      },
    })
    expect(created.status).toBe(201)
    noteId = created.id
    await A.federate()
    const creates = ofType(B, 'Create')
    expect(creates).toHaveLength(1)
    const object = objectOf(creates[0] ?? {})
    noteObjectId = String(object.id)
    expect(object).toMatchObject({
      id: `${A.siteUrl}/ap/notes/${noteId}`,
      type: 'Article',
      name: 'Federated hello',
      summary: 'A note that travels.',
      url: `${A.siteUrl}/notes/federated-hello`,
      attributedTo: A.paths.actor,
    })
    expect(String(object.content)).toContain('<strong>fediverse</strong>')
    expect(String(object.content)).toContain(`href="${A.siteUrl}/notes"`)
    expect(JSON.stringify(object.tag)).toContain('"#WebDev"')
    expect(JSON.stringify(object.attachment)).toContain(`${A.siteUrl}/media/cover.png`)
    // It went to the shared inbox, not the personal one.
    expect(B.seen.some((each) => each.path === '/ap/inbox' && each.body.includes('"Create"'))).toBe(
      true,
    )
    // A second pass sends nothing more.
    await A.federate()
    expect(ofType(B, 'Create')).toHaveLength(1)
    const status = await A.t.request('GET', '/api/activitypub/deliveries', { token: A.token })
    expect(status.list[0]).toMatchObject({
      note_id: noteId,
      title: 'Federated hello',
      activity_type: 'Create',
      sent: 1,
      pending: 0,
      failed: 0,
    })
    // The object can be fetched at its id, and the outbox lists it.
    const fetched = await fetch(noteObjectId, { headers: { accept: 'application/activity+json' } })
    expect(fetched.status).toBe(200)
    expect(((await fetched.json()) as Record<string, unknown>).name).toBe('Federated hello')
    const outbox = await fetch(`${A.paths.outbox}?page=true`, {
      headers: { accept: 'application/activity+json' },
    })
    expect(JSON.stringify(await outbox.json())).toContain(noteObjectId)
  })

  test('a draft and a scheduled note federate nothing until they go live', async () => {
    const draft = await A.t.request('POST', '/api/notes', {
      token: A.token,
      body: { title: 'Draft', summary: 'Not yet.', body: 'Draft.', tags: [], status: 'draft' },
    })
    expect(draft.status).toBe(201)
    const scheduled = await A.t.request('POST', '/api/notes', {
      token: A.token,
      body: {
        title: 'Scheduled',
        summary: 'Later.',
        body: 'Soon.',
        tags: [],
        status: 'published',
        published_at: new Date(A.t.clock.now().getTime() + 60_000).toISOString(),
      },
    })
    expect(scheduled.status).toBe(201)
    await A.federate()
    expect(ofType(B, 'Create')).toHaveLength(1)
    // Its time comes: the publishing job makes it live, and the next pass sends it.
    A.t.clock.advance(61_000)
    await A.t.jobs.runNow('publish-notes')
    await A.federate()
    const creates = ofType(B, 'Create')
    expect(creates).toHaveLength(2)
    expect(objectOf(creates[1] ?? {}).name).toBe('Scheduled')
    await A.t.request('DELETE', `/api/notes/${draft.id}`, { token: A.token })
  })

  test('an edit arrives as Update', async () => {
    const note = await A.t.request('GET', '/api/notes/federated-hello', { token: A.token })
    const updated = await A.t.request('PUT', `/api/notes/${noteId}`, {
      token: A.token,
      body: {
        title: 'Federated hello, edited',
        slug: 'federated-hello',
        summary: String(note.body.summary),
        body: String(note.body.body),
        tags: note.body.tags,
        cover_url: null,
        status: 'published',
      },
    })
    expect(updated.status).toBe(200)
    await A.federate()
    const updates = ofType(B, 'Update')
    expect(updates).toHaveLength(1)
    expect(objectOf(updates[0] ?? {})).toMatchObject({
      id: noteObjectId,
      name: 'Federated hello, edited',
    })
    expect(objectOf(updates[0] ?? {}).updated).toBeString()
  })
})

describe('replies, likes and boosts from B', () => {
  test('a reply to A’s note is held for moderation on A, its HTML made safe', async () => {
    const reply = {
      '@context': AS,
      id: `${B.paths.actor}/replies/1#create`,
      type: 'Create',
      actor: B.paths.actor,
      to: [`${AS}#Public`],
      object: {
        id: `${B.paths.actor}/replies/1`,
        type: 'Note',
        attributedTo: B.paths.actor,
        inReplyTo: noteObjectId,
        content: '<p>Lovely note!<script>alert(1)</script></p>',
        published: new Date().toISOString(),
        to: [`${AS}#Public`],
      },
    }
    const sent = await B.send(A.paths.sharedInbox, reply)
    expect(sent.ok).toBe(true)
    const [row] = await A.t.db
      .select()
      .from(conversations)
      .where(eq(conversations.source, reply.object.id))
    expect(row).toMatchObject({
      network: 'activitypub',
      kind: 'reply',
      target_type: 'note',
      target_id: noteId,
      status: 'pending',
      author_name: 'Ada Lovelace',
    })
    expect(row?.content_html).toContain('Lovely note!')
    expect(row?.content_html).not.toContain('<script')
    // Not shown until the owner approves it; then shown under the note.
    const hidden = await A.t.request('GET', `/api/conversations/of/note/${noteId}`)
    expect(JSON.stringify(hidden.json)).not.toContain('Lovely note!')
    const approved = await A.t.request('PATCH', `/api/conversations/${row?.id}`, {
      token: A.token,
      body: { status: 'approved' },
    })
    expect(approved.status).toBe(200)
    const shown = await A.t.request('GET', `/api/conversations/of/note/${noteId}`)
    expect(shown.status).toBe(200)
    expect(JSON.stringify(shown.json)).toContain('Lovely note!')
  })

  test('a Like and an Announce are recorded; Undo of the Like removes it', async () => {
    const like = {
      '@context': AS,
      id: `${B.paths.actor}#like-1`,
      type: 'Like',
      actor: B.paths.actor,
      object: noteObjectId,
    }
    const boost = {
      '@context': AS,
      id: `${B.paths.actor}#announce-1`,
      type: 'Announce',
      actor: B.paths.actor,
      object: noteObjectId,
      to: [`${AS}#Public`],
    }
    expect((await B.send(A.paths.sharedInbox, like)).ok).toBe(true)
    expect((await B.send(A.paths.sharedInbox, boost)).ok).toBe(true)
    const kinds = async () =>
      (await A.t.db.select().from(conversations)).map((row) => row.kind).sort()
    expect(await kinds()).toEqual(['like', 'reply', 'repost'])
    const undo = {
      '@context': AS,
      id: `${B.paths.actor}#undo-like-1`,
      type: 'Undo',
      actor: B.paths.actor,
      object: like,
    }
    expect((await B.send(A.paths.sharedInbox, undo)).ok).toBe(true)
    expect(await kinds()).toEqual(['reply', 'repost'])
  })

  test('something else is ignored politely', async () => {
    const other = {
      '@context': AS,
      id: `${B.paths.actor}#arrive-1`,
      type: 'Arrive',
      actor: B.paths.actor,
    }
    const sent = await B.send(A.paths.sharedInbox, other)
    expect(sent.ok).toBe(true)
  })
})

describe('signatures', () => {
  test('a body changed after it was signed is refused, and nothing is recorded', async () => {
    const like = {
      '@context': AS,
      id: `${B.paths.actor}#like-2`,
      type: 'Like',
      actor: B.paths.actor,
      object: noteObjectId,
    }
    const response = await tamperedPost(B, A.paths.sharedInbox, like, {
      ...like,
      id: `${B.paths.actor}#like-forged`,
    })
    expect(response.status).toBe(401)
    const rows = await A.t.db
      .select()
      .from(conversations)
      .where(eq(conversations.source, `${B.paths.actor}#like-forged`))
    expect(rows).toHaveLength(0)
  })
})

describe('the Trash', () => {
  test('a note moved to the Trash arrives as Delete, and its object is gone', async () => {
    const removed = await A.t.request('DELETE', `/api/notes/${noteId}`, { token: A.token })
    expect(removed.status).toBe(204)
    await A.federate()
    const deletes = ofType(B, 'Delete')
    expect(deletes).toHaveLength(1)
    expect(objectOf(deletes[0] ?? {}).id).toBe(noteObjectId)
    const gone = await fetch(noteObjectId, { headers: { accept: 'application/activity+json' } })
    expect(gone.status).toBe(410)
    expect(((await gone.json()) as Record<string, unknown>).type).toBe('Tombstone')
  })
})

describe('followers, from the admin', () => {
  test('Undo of the Follow removes B', async () => {
    const undo = {
      '@context': AS,
      id: `${B.paths.actor}#undo-follow-1`,
      type: 'Undo',
      actor: B.paths.actor,
      object: {
        id: `${B.paths.actor}#follow-1`,
        type: 'Follow',
        actor: B.paths.actor,
        object: A.paths.actor,
      },
    }
    expect((await B.send(A.paths.sharedInbox, undo)).ok).toBe(true)
    const followers = await A.t.request('GET', '/api/activitypub/followers', { token: A.token })
    expect(followers.list).toEqual([])
  })

  test('a blocked account is refused: its follow gets Reject, its reply is not kept', async () => {
    const follow = {
      '@context': AS,
      id: `${B.paths.actor}#follow-2`,
      type: 'Follow',
      actor: B.paths.actor,
      object: A.paths.actor,
    }
    expect((await B.send(A.paths.inbox, follow)).ok).toBe(true)
    const [follower] = (await A.t.request('GET', '/api/activitypub/followers', { token: A.token }))
      .list as { id: number }[]
    expect(follower).toBeDefined()
    const blocked = await A.t.request('POST', `/api/activitypub/followers/${follower?.id}/block`, {
      token: A.token,
    })
    expect(blocked.status).toBe(200)
    expect(blocked.list).toEqual([expect.objectContaining({ status: 'blocked' })])
    await A.federate()
    expect(ofType(B, 'Reject')).toHaveLength(1)
    // Following again: rejected again, still blocked.
    expect((await B.send(A.paths.inbox, { ...follow, id: `${B.paths.actor}#follow-3` })).ok).toBe(
      true,
    )
    await A.federate()
    expect(ofType(B, 'Reject')).toHaveLength(2)
    const like = {
      '@context': AS,
      id: `${B.paths.actor}#like-3`,
      type: 'Like',
      actor: B.paths.actor,
      object: `${A.siteUrl}/notes/anything`,
    }
    expect((await B.send(A.paths.sharedInbox, like)).ok).toBe(true)
    const rows = await A.t.db.select().from(conversations).where(eq(conversations.source, like.id))
    expect(rows).toHaveLength(0)
  })

  test('removing a follower sends Reject and forgets them; an unknown id is a 404', async () => {
    const follow = {
      '@context': AS,
      id: `${A.paths.actor}#follow-b`,
      type: 'Follow',
      actor: A.paths.actor,
      object: B.paths.actor,
    }
    // This time A follows B, which accepts at once.
    expect((await A.send(B.paths.inbox, follow)).ok).toBe(true)
    const [follower] = (await B.t.request('GET', '/api/activitypub/followers', { token: B.token }))
      .list as { id: number }[]
    const removed = await B.t.request('DELETE', `/api/activitypub/followers/${follower?.id}`, {
      token: B.token,
    })
    expect(removed.status).toBe(200)
    expect(removed.list).toEqual([])
    await B.federate()
    expect(ofType(A, 'Reject')).toHaveLength(1)
    const missing = await B.t.request('DELETE', '/api/activitypub/followers/999999', {
      token: B.token,
    })
    expect(missing.status).toBe(404)
    const rows = await B.t.db.select().from(activitypubDeliveries)
    expect(rows.every((row) => row.status === 'sent')).toBe(true)
  })
})

describe('turning federation off', () => {
  test('with the account deleted: followers’ servers get Delete for it, and it answers 404', async () => {
    const follow = {
      '@context': AS,
      id: `${A.paths.actor}#follow-b-again`,
      type: 'Follow',
      actor: A.paths.actor,
      object: B.paths.actor,
    }
    expect((await A.send(B.paths.inbox, follow)).ok).toBe(true)
    const off = await B.t.request('PUT', '/api/activitypub/settings', {
      token: B.token,
      body: {
        enabled: false,
        handle: 'bea',
        object_type: 'Article',
        approve_follows: false,
        delete_account: true,
      },
    })
    expect(off.status).toBe(200)
    expect(off.body).toMatchObject({ enabled: false, followers: 0 })
    // Still sent while off: what was queued before is delivered.
    await B.t.jobs.runNow('activitypub-deliver')
    const deletes = ofType(A, 'Delete')
    expect(deletes).toHaveLength(1)
    expect(deletes[0]).toMatchObject({ actor: B.paths.actor, object: B.paths.actor })
    const actor = await fetch(B.paths.actor, { headers: { accept: 'application/activity+json' } })
    expect(actor.status).toBe(404)
    const finger = await fetch(
      `${B.siteUrl}/.well-known/webfinger?resource=acct:bea@${new URL(B.siteUrl).host}`,
    )
    expect(finger.status).toBe(404)
  })
})
