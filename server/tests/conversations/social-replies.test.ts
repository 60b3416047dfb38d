/**
 * Replies from Mastodon and Bluesky: a note's "Discussion on" post is fetched by the
 * `social-replies` job from a Mastodon API fake and a Bluesky AppView fake (their documented
 * answers), into the moderated queue; refreshed on the schedule; kept when the service fails;
 * a reply deleted there goes here too; the note page links to the post.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { and, eq } from 'drizzle-orm'
import type { SocialSettings } from '../../config'
import { conversations, discussionFetches } from '../../db/schema'
import { discussionOf, SOCIAL_REPLIES_JOB } from '../../services/social-replies'
import {
  blueskyActor,
  blueskyReply,
  fakeBluesky,
  fakeMastodon,
  mastodonAccount,
  mastodonStatus,
} from '../support/fake-social'
import { createTestApp, type TestApp } from '../support/harness'

const SITE = 'https://owner.example'
const OWNER_DID = 'did:plc:ownerownerownerowneroooo'
let t: TestApp
let token: string
let mastodon: ReturnType<typeof fakeMastodon>
let bluesky: ReturnType<typeof fakeBluesky>
let mastodonNote: number
let blueskyNote: number

const fetchNow = () => t.jobs.runNow(SOCIAL_REPLIES_JOB)
const of = (noteId: number) =>
  t.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.target_type, 'note'), eq(conversations.target_id, noteId)))

beforeAll(async () => {
  mastodon = fakeMastodon()
  bluesky = fakeBluesky('owner.example', OWNER_DID)
  const social: SocialSettings = {
    allowLoopback: true,
    verifyPollMs: 60_000,
    sendPollMs: 60_000,
    refreshMs: 30 * 60_000,
    blueskyAppViewUrl: bluesky.base,
    mastodonApiUrl: mastodon.base,
    fetchTimeoutMs: 5_000,
    fetchMaxBytes: 1024 * 1024,
  }
  t = await createTestApp({ siteUrl: SITE, config: { social } })
  token = await t.login()
  const one = await t.request('POST', '/api/notes', {
    token,
    body: {
      title: 'On Mastodon',
      summary: 's',
      body: 'b',
      status: 'published',
      discussion_url: 'https://mastodon.example/@owner/111',
    },
  })
  mastodonNote = one.id
  const two = await t.request('POST', '/api/notes', {
    token,
    body: {
      title: 'On Bluesky',
      summary: 's',
      body: 'b',
      status: 'published',
      discussion_url: 'https://bsky.app/profile/owner.example/post/3kabc123',
    },
  })
  blueskyNote = two.id
})
afterAll(async () => {
  await t.close()
  mastodon.stop()
  bluesky.stop()
})

test('addresses of posts are read; others are refused by the form', async () => {
  expect(discussionOf('https://mastodon.example/@owner/111')).toEqual({
    network: 'mastodon',
    host: 'mastodon.example',
    id: '111',
  })
  expect(discussionOf('https://bsky.app/profile/owner.example/post/3kabc123')).toEqual({
    network: 'bluesky',
    actor: 'owner.example',
    rkey: '3kabc123',
  })
  expect(discussionOf('https://example.org/blog')).toBeNull()
  const bad = await t.request('POST', '/api/notes', {
    token,
    body: {
      title: 'Bad',
      summary: 's',
      body: 'b',
      status: 'draft',
      discussion_url: 'javascript:alert(1)',
    },
  })
  expect(bad.status).toBe(400)
  expect(JSON.stringify(bad.body)).toContain('discussion_url')
})

describe('Mastodon', () => {
  test('public replies, favourites and boosts become pending conversations', async () => {
    const ann = mastodonAccount('1', 'Ann')
    const ben = mastodonAccount('2', 'Ben')
    mastodon.state.descendants = [
      mastodonStatus(
        '201',
        ann,
        '<p>Nice post <span class="h-card"><a href="https://mastodon.example/@owner">@owner</a></span></p>',
      ),
      mastodonStatus('202', ben, '<p>A private word</p>', 'private'),
    ]
    mastodon.state.favourited = [ben]
    mastodon.state.reblogged = [ann]
    await fetchNow()
    const rows = await of(mastodonNote)
    expect(rows.map((row) => `${row.kind} ${row.author_name} ${row.status}`).sort()).toEqual([
      'like Ben pending',
      'reply Ann pending',
      'repost Ann pending',
    ])
    const reply = rows.find((row) => row.kind === 'reply')
    expect(reply).toMatchObject({
      network: 'mastodon',
      source: 'https://remote.example/users/ann/statuses/201',
      url: 'https://remote.example/@ann/201',
      content_text: 'Nice post @owner',
    })
    expect(mastodon.state.requests).toEqual(
      expect.arrayContaining([
        '/api/v1/statuses/111/context',
        '/api/v1/statuses/111/favourited_by',
        '/api/v1/statuses/111/reblogged_by',
      ]),
    )
  })

  test('not fetched again before the refresh; kept when the service fails; then refreshed', async () => {
    const count = mastodon.state.requests.length
    await fetchNow()
    expect(mastodon.state.requests.length).toBe(count)
    mastodon.state.failing = true
    t.clock.advance(31 * 60_000)
    await fetchNow()
    expect((await of(mastodonNote)).length).toBe(3)
    const [state] = await t.db
      .select()
      .from(discussionFetches)
      .where(eq(discussionFetches.note_id, mastodonNote))
    expect(state?.last_error).toContain('503')
    mastodon.state.failing = false
    // A boost taken back and a reply deleted there: gone here too after the next fetch.
    mastodon.state.reblogged = []
    mastodon.state.descendants = []
    t.clock.advance(31 * 60_000)
    await fetchNow()
    expect((await of(mastodonNote)).map((row) => row.kind)).toEqual(['like'])
  })
})

describe('Bluesky', () => {
  test('replies (nested too), likes and reposts from the AppView, the handle resolved', async () => {
    const cat = blueskyActor('cat.example', 'Cat')
    const dan = blueskyActor('dan.example', 'Dan')
    const first = blueskyReply(cat, '3kr1', 'Love this')
    first.replies = [blueskyReply(dan, '3kr2', 'Me too') as never]
    bluesky.state.replies = [first]
    bluesky.state.likes = [
      { actor: dan, createdAt: '2026-12-01T12:00:00.000Z', indexedAt: '2026-12-01T12:00:00.000Z' },
    ]
    bluesky.state.repostedBy = [cat]
    t.clock.advance(31 * 60_000)
    await fetchNow()
    const rows = await of(blueskyNote)
    expect(
      rows.map((row) => `${row.kind} ${row.author_name} ${row.content_text ?? ''}`).sort(),
    ).toEqual(['like Dan ', 'reply Cat Love this', 'reply Dan Me too', 'repost Cat '])
    expect(rows.find((row) => row.content_text === 'Love this')).toMatchObject({
      network: 'bluesky',
      source: `at://${cat.did}/app.bsky.feed.post/3kr1`,
      url: 'https://bsky.app/profile/cat.example/post/3kr1',
      author_url: 'https://bsky.app/profile/cat.example',
    })
    expect(bluesky.state.requests.some((r) => r.includes('resolveHandle'))).toBe(true)
    expect(
      bluesky.state.requests.some((r) =>
        r.includes(encodeURIComponent(`at://${OWNER_DID}/app.bsky.feed.post/3kabc123`)),
      ),
    ).toBe(true)
  })
})
