/**
 * Feeds and covers read by a real XML parser (fast-xml-parser, its validator
 * reporting the first error) when notes and projects hold what XML treats
 * as markup: `]]>` twice, `List<T>`, a title with `<img onerror>`, and
 * U+FFFE/U+FFFF written straight into the database (input refuses them, a
 * row stored before that rule or by hand must still not break the XML).
 * The document stays XML, carries no element of the text's, and gives the
 * texts back as written.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { parseAtomFeed, parseJsonFeed, parseRssFeed } from 'feedsmith'
import { notes, projects } from '../../db/schema'
import { createTestApp, type TestApp } from '../support/harness'

setDefaultTimeout(30_000)

const SITE = 'https://ada.example'
const TITLE = 'Generics: List<T> ]]> and <img src=x onerror=alert(1)> ]]><injected-title/>'
const SUMMARY = 'Two ends ]]> and ]]><injected-summary/> & List<T>'
const BODY =
  'A `List<T>` and ]]> twice ]]><injected-body/> in the text.\n\n```ts\nconst xs: List<T> = []\n```'
const TAG = 'C#]]><injected-tag/>'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ siteUrl: SITE })
  const token = await t.login()
  const r = await t.request('POST', '/api/notes', {
    token,
    body: { title: TITLE, summary: SUMMARY, body: BODY, tags: [TAG], status: 'published' },
  })
  expect(r.status, r.text).toBe(201)
  // Noncharacters written straight into the row, as an old row or a hand edit would hold them.
  await t.db
    .update(notes)
    .set({ title: `${TITLE}\uffff`, summary: `${SUMMARY}\ufffe`, body: `${BODY}\n\nEnd\uffff.` })
    .where(eq(notes.slug, String(r.body.slug)))
  const project = await t.request('POST', '/api/projects', {
    token,
    body: { title: 'Cover Test', description: 'd', long_description: 'l', tags: ['SVG'] },
  })
  expect(project.status).toBe(201)
  await t.db
    .update(projects)
    .set({ title: 'Cover \uffff ]]> <svg onload=alert(1)> \ufffe test', tags: ['A\uffffB'] })
    .where(eq(projects.id, Number(project.body.id)))
}, 60_000)
afterAll(() => t.close())

// Numeric character references (the SVG writes `&#60;`) read as the characters they stand for.
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  trimValues: true,
  htmlEntities: true,
})

/** Every element name anywhere in a parsed document. */
function elementNames(node: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) elementNames(item, into)
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (!key.startsWith('@') && key !== '#text') into.add(key)
      elementNames(value, into)
    }
  }
  return into
}

async function xmlOf(path: string) {
  const r = await t.request('GET', path)
  expect(r.status).toBe(200)
  expect(XMLValidator.validate(r.text)).toBe(true)
  const tree = parser.parse(r.text)
  const names = [...elementNames(tree)]
  expect(names.filter((name) => name.startsWith('injected') || name === 'img')).toEqual([])
  return { text: r.text, tree }
}

test('/feed.xml (Atom): well-formed, no injected element, plain titles type="text"', async () => {
  const { text, tree } = await xmlOf('/feed.xml')
  expect(text).not.toContain('\uffff')
  expect(text).not.toContain('\ufffe')
  const entry = tree.feed.entry
  expect(entry.title).toEqual({ '#text': TITLE, '@type': 'text' })
  expect(entry.summary).toEqual({ '#text': SUMMARY, '@type': 'text' })
  expect(entry.content['@type']).toBe('html')
  // The body's HTML, as a reader gets it once the XML is read: the text's `<` escaped in it.
  expect(entry.content['#text']).toContain(
    '<code>List&#x3C;T></code> and ]]> twice ]]> in the text.',
  )
  expect(entry.category['@term']).toBe(TAG)
  // A maintained feed parser reads the same.
  const feed = parseAtomFeed(text)
  expect(feed.entries?.[0]?.title).toMatchObject({ value: TITLE })
})

test('/rss.xml: well-formed, no injected element, the texts as written', async () => {
  const { text, tree } = await xmlOf('/rss.xml')
  expect(text).not.toContain('\uffff')
  const item = tree.rss.channel.item
  expect(item.title).toBe(TITLE)
  // RSS's description is HTML: the plain summary is escaped for it.
  expect(item.description).toBe(
    'Two ends ]]&gt; and ]]&gt;&lt;injected-summary/&gt; &amp; List&lt;T&gt;',
  )
  expect(item['content:encoded']).toContain('<code>List&#x3C;T></code> and ]]> twice ]]>')
  expect(item.category).toBe(TAG)
  expect(parseRssFeed(text).items?.[0]?.title).toBe(TITLE)
})

test('/feed.json: valid JSON Feed with the texts as written', async () => {
  const r = await t.request('GET', '/feed.json')
  expect(r.status).toBe(200)
  const feed = parseJsonFeed(r.json)
  expect(feed.items?.[0]?.title).toBe(`${TITLE}\uffff`)
  expect(String(feed.items?.[0]?.content_html)).toContain('List&#x3C;T>')
})

test('the cover SVG stays XML with U+FFFF in the title and a tag', async () => {
  const list = await t.request('GET', '/api/projects')
  const slug = String((list.list?.[0] as { slug?: string } | undefined)?.slug)
  const { text, tree } = await xmlOf(`/covers/projects/${slug}.svg`)
  expect(text).not.toContain('\uffff')
  expect(tree.svg.title).toBe('Cover  ]]> <svg onload=alert(1)>  test')
  expect([...elementNames(tree)].filter((name) => name === 'svg')).toEqual(['svg'])
})
