/**
 * The owner's ORCID iD as a profile field: typed bare or as its address and
 * stored bare, its check character verified (a mistyped digit is a 400 naming
 * the field); then wherever the owner is described: the home page's and the
 * CV's rel="me" links and Person `sameAs`, a publication's Scholar tag
 * `citation_author_orcid` and JSON-LD author, JSON Resume's profiles both
 * ways; and the ORCID sync on Publications using it when no iD is typed.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { publications } from '../../db/schema'
import { type FakeScholarly, ORCID_ID, startFakeScholarly } from '../support/fake-scholarly'
import { createTestApp, type TestApp } from '../support/harness'
import { stubDist } from '../support/rendered-page'

setDefaultTimeout(30_000)

const SITE = 'https://ada.example'
const ADDRESS = `https://orcid.org/${ORCID_ID}`

let t: TestApp
let token: string
let fake: FakeScholarly
let owner: Record<string, unknown>
beforeAll(async () => {
  fake = startFakeScholarly()
  t = await createTestApp({
    ssr: true,
    siteUrl: SITE,
    distDir: stubDist(),
    config: { scholarly: fake.config },
  })
  token = await t.login()
  const current = (await t.request('GET', '/api/profile', { token })).body
  owner = {
    name: current.name,
    email: current.email,
    linkedin_url: current.linkedin_url,
    github_url: current.github_url,
    photo_url: current.photo_url,
  }
}, 30_000)
afterAll(async () => {
  await t.close()
  fake.stop()
})

const saveOrcid = (orcid: unknown) =>
  t.request('PUT', '/api/profile', { token, body: { ...owner, orcid } })
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1] ?? 'null'),
  )
const metaNames = (html: string) =>
  [...html.matchAll(/<meta name="(citation_author(?:_orcid)?)" content="([^"]*)"/g)].map(
    (m) => `${m[1]}=${m[2]}`,
  )

describe('the field', () => {
  test('an address or a bare iD is stored bare, answered by GET, kept when left out, cleared by ""', async () => {
    const saved = await saveOrcid(` ${ADDRESS}/ `)
    expect(saved.status).toBe(200)
    expect(saved.body.orcid).toBe(ORCID_ID)
    expect((await t.request('GET', '/api/profile')).body.orcid).toBe(ORCID_ID)
    expect((await t.snapshot()).profile[0]).toMatchObject({ orcid: ORCID_ID })
    const kept = await t.request('PUT', '/api/profile', { token, body: owner })
    expect(kept.body.orcid).toBe(ORCID_ID)
    expect((await saveOrcid('')).body.orcid).toBe('')
  })

  test('a mistyped digit (the check character disagrees) or another shape: 400 naming the field, nothing changes', async () => {
    await saveOrcid(ORCID_ID)
    const before = await t.snapshot()
    for (const bad of ['0000-0002-1825-0098', '0000-0002-1825', 'https://example.org/x', 42]) {
      const r = await saveOrcid(bad)
      expect(r.status, String(bad)).toBe(400)
      expect((r.json as { fields: Record<string, string[]> }).fields, String(bad)).toHaveProperty(
        'orcid',
      )
      expect(String(r.body.error)).toContain('ORCID iD')
    }
    expect(await t.snapshot()).toEqual(before)
  })
})

describe('where the owner is described', () => {
  beforeAll(async () => {
    expect((await saveOrcid(ORCID_ID)).status).toBe(200)
  })

  test('the home page and the CV link it with rel="me", and the Person names it in sameAs', async () => {
    for (const path of ['/', '/cv']) {
      const html = (await t.request('GET', path)).text
      expect(html, path).toMatch(
        new RegExp(`<a href="${ADDRESS}" rel="me noopener"[^>]*>(<svg[\\s\\S]*?</svg>)?ORCID</a>`),
      )
      const person = jsonLd(html)
        .map((data) => (data['@type'] === 'ProfilePage' ? data.mainEntity : data))
        .find((data) => data['@type'] === 'Person')
      expect(person?.sameAs, path).toContain(ADDRESS)
    }
  })

  test('a publication’s page gives the owner’s iD right after the owner’s name, and in the JSON-LD author', async () => {
    const created = await t.request('POST', '/api/publications', {
      token,
      body: {
        status: 'published',
        type: 'journal-article',
        title: 'Identified Work',
        authors: [
          { given: 'Charles', family: 'Babbage' },
          { given: 'Ada', family: 'Lovelace', is_owner: true },
        ],
        venue: 'Journal of Engines',
        year: 2025,
      },
    })
    expect(created.status).toBe(201)
    const html = (await t.request('GET', '/publications/identified-work')).text
    const head = html.slice(0, html.indexOf('</head>'))
    expect(metaNames(head)).toEqual([
      'citation_author=Babbage, Charles',
      'citation_author=Lovelace, Ada',
      `citation_author_orcid=${ADDRESS}`,
    ])
    const article = jsonLd(html).find((data) => data['@type'] === 'ScholarlyArticle')
    expect(article.author).toEqual([
      { '@type': 'Person', name: 'Charles Babbage' },
      { '@type': 'Person', name: 'Ada Lovelace', url: `${SITE}/`, sameAs: ADDRESS },
    ])
  })

  test('JSON Resume lists it among the profiles; importing one fills an empty profile’s iD', async () => {
    const resume = (await t.request('GET', '/resume.json')).json as {
      basics: { profiles: unknown[] }
    }
    expect(resume.basics.profiles).toContainEqual(
      expect.objectContaining({ network: 'ORCID', url: ADDRESS }),
    )
    await saveOrcid('')
    const imported = await t.request('POST', '/api/import/json-resume', {
      token,
      body: {
        basics: {
          name: 'Ada Lovelace',
          profiles: [{ network: 'ORCID', url: 'https://orcid.org/0000-0001-5109-3700' }],
        },
      },
    })
    expect(imported.status).toBe(200)
    expect((await t.request('GET', '/api/profile')).body.orcid).toBe('0000-0001-5109-3700')
    await saveOrcid(ORCID_ID)
  })
})

describe('the ORCID sync', () => {
  test('with no iD typed it reads the profile’s; with none anywhere it is a 400 naming the field', async () => {
    await saveOrcid(ORCID_ID)
    const preview = await t.request('POST', '/api/publications/orcid/preview', { token, body: {} })
    expect(preview.status).toBe(200)
    expect(fake.requests).toContain(`/orcid/v3.0/${ORCID_ID}/works`)
    const before = (await t.db.select().from(publications)).length
    const sync = await t.request('POST', '/api/publications/orcid/sync', {
      token,
      body: { orcid: '' },
    })
    expect(sync.status).toBe(200)
    expect((await t.db.select().from(publications)).length).toBe(
      before + (sync.body.created as unknown[]).length,
    )

    await saveOrcid('')
    const none = await t.request('POST', '/api/publications/orcid/preview', { token, body: {} })
    expect(none.status).toBe(400)
    expect(none.body.fields).toHaveProperty('orcid')
    expect(none.body.error).toContain('add it to your profile')
    const mistyped = await t.request('POST', '/api/publications/orcid/preview', {
      token,
      body: { orcid: '0000-0002-1825-0098' },
    })
    expect(mistyped.status).toBe(400)
    expect(mistyped.body.fields).toHaveProperty('orcid')
  })
})
