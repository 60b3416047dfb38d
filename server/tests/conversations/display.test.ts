/**
 * The site on the social web as the server renders it: approved responses under a note and a
 * project (replies with author and sanitised text, likes and reposts as faces, the removal
 * request link, "Reply on Mastodon"), never pending or spam ones; and its identity read back
 * with a microformats2 parser (microformats-parser): the home page's h-card with rel="me"
 * links, a note's and a project's h-entry; fediverse:creator; /.well-known/atproto-did.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { mf2 } from 'microformats-parser'
import { conversations } from '../../db/schema'
import { recordConversation } from '../../services/conversations'
import { createTestApp, type TestApp } from '../support/harness'
import { stubDist } from '../support/rendered-page'

const SITE = 'https://owner.example'
let t: TestApp
let token: string
let noteId: number
let projectSlug: string
let projectId: number

const page = async (path: string) => {
  const response = await t.app.handle(new Request(`http://localhost${path}`))
  return { status: response.status, html: await response.text(), headers: response.headers }
}

type Item = ReturnType<typeof mf2>['items'][number]
const allItems = (items: Item[]): Item[] =>
  items.flatMap((item) => [item, ...allItems(item.children ?? [])])
const findType = (html: string, type: string) =>
  allItems(mf2(html, { baseUrl: SITE }).items).find((item) => item.type?.includes(type))

const deps = () => ({ db: t.db, now: t.clock.now, config: t.config, siteUrl: SITE })

beforeAll(async () => {
  t = await createTestApp({ ssr: true, siteUrl: SITE, distDir: stubDist() })
  token = await t.login()
  const current = (await t.request('GET', '/api/profile', { token })).body
  const saved = await t.request('PUT', '/api/profile', {
    token,
    body: {
      name: 'Ada Owner',
      email: 'ada@owner.example',
      linkedin_url: 'https://www.linkedin.com/in/ada',
      github_url: 'https://github.com/ada',
      photo_url: current.photo_url,
      links: [
        { label: 'Mastodon', url: 'https://mastodon.example/@ada' },
        { label: 'Bluesky', url: 'https://bsky.app/profile/owner.example' },
        { label: 'Blog', url: 'https://blog.owner.example/' },
      ],
      fediverse_account: 'ada@mastodon.example',
      atproto_did: 'did:plc:abcdefghijklmnopqrstuvwx',
    },
  })
  expect(saved.status).toBe(200)
  const note = await t.request('POST', '/api/notes', {
    token,
    body: {
      title: 'Talking about it',
      summary: 'A note people answer.',
      body: 'The **body** of the note.',
      status: 'published',
      discussion_url: 'https://mastodon.example/@ada/111',
    },
  })
  expect(note.status).toBe(201)
  noteId = note.id
  const project = await t.request('POST', '/api/projects', {
    token,
    body: { title: 'Engine', description: 'A machine.', long_description: 'Gears.' },
  })
  projectId = project.id
  projectSlug = String(project.body.slug)
  const base = { target: { type: 'note' as const, id: noteId }, content: null }
  const approved = await recordConversation(deps(), {
    ...base,
    network: 'mastodon',
    kind: 'reply',
    source: 'https://mastodon.example/@bob/200',
    url: 'https://mastodon.example/@bob/200',
    author: { name: 'Bob Replier', url: 'https://mastodon.example/@bob' },
    content: {
      html: '<p>Lovely note, <a href="https://x.example/">see</a><img src="https://x.example/i.png"></p>',
    },
    published_at: '2026-12-01T10:00:00Z',
  })
  await recordConversation(deps(), {
    ...base,
    network: 'webmention',
    kind: 'reply',
    source: 'https://carol.example/r/1',
    author: { name: 'Carol Pending', url: 'https://carol.example/' },
    content: { text: 'Not approved yet' },
  })
  const like = await recordConversation(deps(), {
    ...base,
    network: 'bluesky',
    kind: 'like',
    source: 'at://did:plc:dave/app.bsky.feed.like/1',
    author: { name: 'Dave Liker', url: 'https://bsky.app/profile/dave.example' },
  })
  const projectReply = await recordConversation(deps(), {
    network: 'webmention',
    kind: 'mention',
    target: { type: 'project', id: projectId },
    source: 'https://erin.example/posts/engine',
    author: { name: 'Erin Mentioner', url: 'https://erin.example/' },
    content: { text: 'I wrote about the Engine.' },
  })
  for (const { conversation } of [approved, like, projectReply]) {
    const r = await t.request('PATCH', `/api/conversations/${conversation.id}`, {
      token,
      body: { status: 'approved' },
    })
    expect(r.status).toBe(200)
  }
})
afterAll(() => t.close())

describe('responses under a note', () => {
  test('approved replies and likes are in the server’s HTML; pending ones are not', async () => {
    const { status, html } = await page('/notes/talking-about-it')
    expect(status).toBe(200)
    expect(html).toContain('Responses')
    expect(html).toContain('Bob Replier')
    expect(html).toContain('Lovely note')
    expect(html).not.toContain('x.example/i.png')
    expect(html).toContain('rel="nofollow ugc noopener noreferrer"')
    expect(html).toContain('1 like')
    expect(html).toContain('aria-label="Dave Liker (Bluesky)"')
    expect(html).not.toContain('Carol Pending')
    expect(html).not.toContain('Not approved yet')
    expect(html).toContain('Reply on Mastodon')
    expect(html).toContain('href="https://mastodon.example/@ada/111"')
    expect(html).toMatch(/href="\/contact-me\?remove=%2Fnotes%2Ftalking-about-it%23response-\d+"/)
  })

  test('a reply marked spam leaves the page', async () => {
    const [row] = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.source, 'https://mastodon.example/@bob/200'))
    await t.request('PATCH', `/api/conversations/${row?.id}`, { token, body: { status: 'spam' } })
    expect((await page('/notes/talking-about-it')).html).not.toContain('Lovely note')
    await t.request('PATCH', `/api/conversations/${row?.id}`, {
      token,
      body: { status: 'approved' },
    })
    expect((await page('/notes/talking-about-it')).html).toContain('Lovely note')
  })

  test('the removal request link opens the contact form with the message written', async () => {
    const { html } = await page('/contact-me?remove=%2Fnotes%2Ftalking-about-it%23response-1')
    expect(html).toContain(
      'Please remove my response shown at https://owner.example/notes/talking-about-it#response-1 from your site.',
    )
    expect((await page('/contact-me?remove=https%3A%2F%2Fevil.example')).html).not.toContain(
      'Please remove my response',
    )
  })

  test('a project shows its approved mention', async () => {
    const { html } = await page(`/projects/${projectSlug}`)
    expect(html).toContain('Erin Mentioner')
    expect(html).toContain('I wrote about the Engine.')
  })
})

describe('identity, read with a microformats2 parser', () => {
  test('the home page carries an h-card with name, URL, photo, note and rel="me" links', async () => {
    const { html } = await page('/')
    const card = findType(html, 'h-card')
    expect(card?.properties.name).toEqual(['Ada Owner'])
    expect(card?.properties.url).toContain(`${SITE}/`)
    expect(card?.properties.url).toContain('https://mastodon.example/@ada')
    expect(card?.properties.photo?.length).toBe(1)
    expect(card?.properties.note?.length).toBeGreaterThan(0)
    const { rels } = mf2(html, { baseUrl: SITE })
    expect(rels.me).toEqual(
      expect.arrayContaining([
        'https://mastodon.example/@ada',
        'https://bsky.app/profile/owner.example',
        'https://blog.owner.example/',
        'https://github.com/ada',
        'https://www.linkedin.com/in/ada',
      ]),
    )
    expect(rels.webmention).toEqual([`${SITE}/webmention`])
    expect(html).toContain('<meta name="fediverse:creator" content="@ada@mastodon.example"/>')
  })

  test('a note carries an h-entry with its name, URL, date, author, content and comments', async () => {
    const { html } = await page('/notes/talking-about-it')
    const entry = findType(html, 'h-entry')
    expect(entry?.properties.name).toEqual(['Talking about it'])
    expect(entry?.properties.url).toEqual([`${SITE}/notes/talking-about-it`])
    expect(entry?.properties.published?.length).toBe(1)
    const author = entry?.properties.author?.[0] as Item | undefined
    expect(author?.properties.name).toEqual(['Ada Owner'])
    const content = entry?.properties.content?.[0] as { html: string } | undefined
    expect(content?.html).toContain('<strong>body</strong>')
    const comments = entry?.properties.comment as Item[] | undefined
    expect(comments?.length).toBe(1)
    expect((comments?.[0]?.properties.author?.[0] as Item | undefined)?.properties.name).toEqual([
      'Bob Replier',
    ])
  })

  test('a project carries an h-entry too', async () => {
    const { html } = await page(`/projects/${projectSlug}`)
    const entry = findType(html, 'h-entry')
    expect(entry?.properties.name).toEqual(['Engine'])
    expect(entry?.properties.url).toEqual([`${SITE}/projects/${projectSlug}`])
    expect(entry?.properties.published?.length).toBe(1)
    expect((entry?.properties.author?.[0] as Item | undefined)?.properties.name).toEqual([
      'Ada Owner',
    ])
    expect(entry?.properties.content?.length).toBe(1)
  })

  test('/.well-known/atproto-did answers the DID as text; a bad DID or account is a 400', async () => {
    const { status, html, headers } = await page('/.well-known/atproto-did')
    expect(status).toBe(200)
    expect(html).toBe('did:plc:abcdefghijklmnopqrstuvwx')
    expect(headers.get('content-type')).toStartWith('text/plain')
    const current = (await t.request('GET', '/api/profile', { token })).body
    const { age: _a, greeting: _g, bio_html: _b, photo: _p, version: _v, ...fields } = current
    const bad = await t.request('PUT', '/api/profile', {
      token,
      body: { ...fields, atproto_did: 'did:evil', fediverse_account: 'not an account' },
    })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body)).toContain('atproto_did')
    expect(JSON.stringify(bad.body)).toContain('fediverse_account')
  })
})
