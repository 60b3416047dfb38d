/** An image used only inside Markdown, or by the site's absolute URL, is in use too; uploads keep their file names. */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test'
import { createTestApp, sample, type TestApp, tempMediaStore } from '../support/harness'
import { blackPng, upload, uploadForm } from '../support/media-fixtures'

setDefaultTimeout(30_000)

const site = 'https://ada.example'
let t: TestApp
let token: string
let image: { id: number; url: string; name: string; uses: string[] }
const folder = tempMediaStore()

beforeAll(async () => {
  t = await createTestApp({ mediaStore: folder.store, siteUrl: site })
  token = await t.login()
  const r = await upload(
    t.app,
    token,
    uploadForm(blackPng(40, 30), { name: 'Holiday photo.png', type: 'image/png' }),
  )
  expect(r.status).toBe(201)
  image = r.json as typeof image
}, 60_000)
afterAll(async () => {
  await t.close()
  folder.remove()
})

const listed = async () =>
  ((await t.request('GET', '/api/media', { token })).json as (typeof image)[]).find(
    (row) => row.id === image.id,
  )

test('an upload keeps its file name as its display name; PATCH …/name renames it, the URL stays', async () => {
  expect(image.name).toBe('Holiday photo.png')
  expect(image.url).toMatch(/^\/media\/[0-9a-f]{64}\.(png|jpg)$/)
  const r = await t.request('PATCH', `/api/media/${image.id}/name`, {
    token,
    body: { name: '  Beach, 2024  ' },
  })
  expect(r.status).toBe(200)
  expect(r.json).toMatchObject({ name: 'Beach, 2024', url: image.url, alt: '' })
  // The alt text alone (its own PATCH, as before): the name is kept.
  const alt = await t.request('PATCH', `/api/media/${image.id}`, { token, body: { alt: 'Sand' } })
  expect(alt.json).toMatchObject({ name: 'Beach, 2024', alt: 'Sand' })
  expect((await listed())?.name).toBe('Beach, 2024')
})

test('used only inside a project long description: 409 naming it, and the library lists the use', async () => {
  const project = await t.request('POST', '/api/projects', {
    token,
    body: {
      ...sample.project('Markdown Only'),
      long_description: `Intro.\n\n![The beach](${image.url})\n`,
    },
  })
  expect(project.status).toBe(201)
  const r = await t.request('DELETE', `/api/media/${image.id}`, { token })
  expect(r.status).toBe(409)
  expect(r.json).toEqual({
    error:
      'This image is still used by the description of the project "Markdown Only": remove it there first, then delete it.',
  })
  expect((await listed())?.uses).toEqual(['the description of the project "Markdown Only"'])
  await t.request('DELETE', `/api/projects/${project.body.id}`, { token })
  expect((await listed())?.uses).toEqual([])
})

test('used only by a note (its cover, its text, a draft too): 409 naming it; gone once the note is deleted', async () => {
  const note = {
    title: 'Beach Notes',
    summary: 'A day out.',
    body: 'No picture yet.',
    tags: [],
    status: 'draft',
  }
  const created = await t.request('POST', '/api/notes', {
    token,
    body: { ...note, cover_url: image.url },
  })
  expect(created.status).toBe(201)
  const covered = await t.request('DELETE', `/api/media/${image.id}`, { token })
  expect(covered.status).toBe(409)
  expect(covered.json).toEqual({
    error:
      'This image is still used by the cover of the note "Beach Notes": remove it there first, then delete it.',
  })
  // Only in the Markdown, by the site's absolute URL.
  const edited = await t.request('PUT', `/api/notes/${created.body.id}`, {
    token,
    body: { ...note, body: `Sand.\n\n![The beach](${site}${image.url})\n` },
  })
  expect(edited.status).toBe(200)
  const inText = await t.request('DELETE', `/api/media/${image.id}`, { token })
  expect(inText.status).toBe(409)
  expect(inText.body.error).toBe(
    'This image is still used by the text of the note "Beach Notes": remove it there first, then delete it.',
  )
  expect((await listed())?.uses).toEqual(['the text of the note "Beach Notes"'])
  expect((await t.request('DELETE', `/api/notes/${created.body.id}`, { token })).status).toBe(204)
  expect((await listed())?.uses).toEqual([])
})

test("by the site's absolute URL (an icon, the bio): 409; the same path on another host is not a use", async () => {
  const absolute = `${site}${image.url}`
  const event = await t.request('POST', '/api/timeline', {
    token,
    body: { ...sample.event('Absolute Icon'), icon_path: absolute },
  })
  expect(event.status).toBe(201)
  const profile = (await t.request('GET', '/api/profile')).json as Record<string, unknown>
  const { age: _age, photo: _photo, greeting: _g, bio_html: _b, version: _v, ...fields } = profile
  const put = await t.request('PUT', '/api/profile', {
    token,
    body: { ...fields, bio: `Me, on holiday: ![me](${absolute})` },
  })
  expect(put.status).toBe(200)
  const r = await t.request('DELETE', `/api/media/${image.id}`, { token })
  expect(r.status).toBe(409)
  expect(r.body.error).toBe(
    'This image is still used by the timeline event "Absolute Icon" and the profile\'s About text: remove it there first, then delete it.',
  )
  await t.request('DELETE', `/api/timeline/${event.body.id}`, { token })
  await t.request('PUT', '/api/profile', {
    token,
    body: { ...fields, bio: `Someone else's copy: ![x](https://elsewhere.example${image.url})` },
  })
  const gone = await t.request('DELETE', `/api/media/${image.id}`, { token })
  expect(gone.status).toBe(204)
})
