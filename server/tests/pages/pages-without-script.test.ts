/**
 * The public pages work without script: the contact form submits to its page
 * and is answered with the page (the success text, or the failure text and
 * what was typed), each showing of the form carries its own form token, the
 * timeline's tabs are links to the page with that tab selected, search is a
 * GET form and an image opens as a link to the full file.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { contactFormTexts } from '../../../src/domain/contact-form'
import { createTestApp, type TestApp } from '../support/harness'

const SITE = 'https://ada.example'

/** A client build as the server sees it: only its manifest matters to the renderer. */
function stubDist(): string {
  const dir = join(tmpdir(), `portfolio-no-script-dist-${process.pid}`)
  mkdirSync(join(dir, '.vite'), { recursive: true })
  mkdirSync(join(dir, 'assets'), { recursive: true })
  writeFileSync(
    join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-e1.js', src: 'index.html', isEntry: true },
    }),
  )
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>dev shell</title>')
  return dir
}

/** The `value` of the form's hidden token field. */
const tokenIn = (html: string) => /name="form_token" value="([^"]*)"/.exec(html)?.[1]

let t: TestApp
let token: string

beforeAll(async () => {
  t = await createTestApp({ ssr: true, siteUrl: SITE, distDir: stubDist() })
  token = await t.login()
  for (const [title, event_type] of [
    ['Analytical Society', 'experience'],
    ['University of London', 'education'],
  ] as const) {
    await t.request('POST', '/api/timeline', {
      token,
      body: { title, start_date: 'Jan 2024', position: 'Member', event_type },
    })
  }
}, 120_000)
afterAll(() => t.close())

/** Notes the contact form as a browser without script does. */
function submit(fields: Record<string, string>) {
  return t.request('POST', '/contact-me', {
    raw: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
}

async function messages() {
  const response = await t.request('GET', '/api/contact', { token })
  return response.json as { name: string; status: string; message: string }[]
}

describe('the contact form without script', () => {
  test('the page is a form that submits to itself, with a form token of its own each time', async () => {
    const first = await t.request('GET', '/contact-me')
    expect(first.status).toBe(200)
    const form = /<form [^>]*>/.exec(first.text.slice(first.text.indexOf('Contact Me.')))?.[0]
    expect(form).toContain('method="post"')
    expect(form).toContain('action="/contact-me"')
    expect(first.headers.get('etag')).toBeNull()
    const firstToken = tokenIn(first.text)
    expect(firstToken).toMatch(/^[0-9a-z]+\.[\w-]+$/)
    t.clock.advance(1_000)
    expect(tokenIn((await t.request('GET', '/contact-me')).text)).not.toBe(firstToken)
  })

  test('a submission answers with the page and the success text; the message is in the inbox, not spam', async () => {
    const shown = await t.request('GET', '/contact-me')
    t.clock.advance(10_000)
    const answer = await submit({
      name: 'Charles',
      email: 'charles@example.com',
      message: 'About the engine',
      website: '',
      form_token: tokenIn(shown.text) ?? '',
    })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toContain('text/html')
    expect(answer.headers.get('cache-control')).toBe('no-store')
    expect(answer.text).toContain(contactFormTexts.success)
    expect(answer.text).toContain('Contact Me.')
    // The three fields are cleared, as after a send with script.
    expect(answer.text).not.toContain('charles@example.com')
    expect(tokenIn(answer.text)).toMatch(/^[0-9a-z]+\./)
    const sent = (await messages()).find((row) => row.name === 'Charles')
    expect(sent?.status).toBe('unread')
  })

  test('a submission the server refuses answers with the failure text and what was typed', async () => {
    const answer = await submit({
      name: 'Mary',
      email: 'not an address',
      message: 'Kept <b>here</b>',
      form_token: '',
    })
    expect(answer.status).toBe(400)
    expect(answer.text).toContain(contactFormTexts.failed)
    expect(answer.text).toContain('value="Mary"')
    expect(answer.text).toContain('value="not an address"')
    expect(answer.text).toContain('Kept &lt;b&gt;here&lt;/b&gt;')
    expect((await messages()).some((row) => row.name === 'Mary')).toBe(false)
  })

  test('a submission with the wrong type of body is refused the same way', async () => {
    const answer = await t.request('POST', '/contact-me', {
      body: { name: 'Json', email: 'json@example.com', message: 'Hello' },
    })
    expect(answer.status).toBe(400)
    expect(answer.text).toContain(contactFormTexts.failed)
  })

  test('other methods find nothing', async () => {
    expect((await t.request('DELETE', '/contact-me')).status).toBe(404)
  })
})

describe('the home page timeline without script', () => {
  test('both lists are in the page and each tab is a link to the page with it selected', async () => {
    const home = await t.request('GET', '/')
    expect(home.text).toContain('Analytical Society')
    expect(home.text).toContain('University of London')
    const tabs = [...home.text.matchAll(/<a [^>]*role="tab"[^>]*>/g)].map(([tag]) => tag)
    expect(tabs).toHaveLength(2)
    expect(tabs[0]).toContain('href="/#timeline-title"')
    expect(tabs[0]).toContain('aria-selected="true"')
    expect(tabs[1]).toContain('href="/?tab=education#timeline-title"')
    expect(tabs[1]).toContain('aria-selected="false"')

    const education = await t.request('GET', '/?tab=education')
    const selected = [...education.text.matchAll(/<a [^>]*role="tab"[^>]*>/g)].map(([tag]) => tag)
    expect(selected[0]).toContain('aria-selected="false"')
    expect(selected[1]).toContain('aria-selected="true"')
    // The Education panel is the one not hidden.
    const panels = [...education.text.matchAll(/<div role="tabpanel"[^>]*>/g)].map(([tag]) => tag)
    expect(panels[0]).toContain('hidden')
    expect(panels[1]).not.toContain('hidden')
  })
})

describe('search without script', () => {
  test('the header and the search page search with a GET form', async () => {
    const page = await t.request('GET', '/search?q=engine')
    expect(page.status).toBe(200)
    const forms = [...page.text.matchAll(/<form [^>]*>/g)].map(([tag]) => tag)
    expect(
      forms.filter((tag) => /action="\/search"/.test(tag) && /method="get"/.test(tag)).length,
    ).toBeGreaterThanOrEqual(1)
  })
})
