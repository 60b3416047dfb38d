/**
 * The project form's live preview (tRPC `markdown.preview`): signed in only,
 * the same HTML the project page will show, sanitised, and nothing written.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Element } from 'hast'
import { fromHtml } from 'hast-util-from-html'
import { visit } from 'unist-util-visit'
import { limits } from '../../../src/schemas/fields'
import { createTestApp, sample, type TestApp, type TestResponse } from '../support/harness'

setDefaultTimeout(20_000)

let t: TestApp
let token: string

beforeAll(async () => {
  t = await createTestApp()
  token = await t.login()
}, 30_000)
afterAll(() => t.close())

const preview = (markdown: unknown, auth: string | null = token) =>
  t.request('POST', '/trpc/markdown.preview', { body: { markdown }, token: auth })

function htmlOf(response: TestResponse): string {
  expect(response.status, response.text).toBe(200)
  const data = (response.body.result as { data: { html: unknown } }).data
  expect(typeof data.html).toBe('string')
  return data.html as string
}

function elements(html: string): Element[] {
  const found: Element[] = []
  visit(fromHtml(html, { fragment: true }), 'element', (node) => {
    found.push(node)
  })
  return found
}

describe('markdown.preview', () => {
  test('refuses a visitor without a valid token, with a 401', async () => {
    for (const auth of [null, 'not-a-token']) {
      const response = await preview('# Hello', auth)
      expect(response.status).toBe(401)
      expect(response.body.error).toMatchObject({ data: { code: 'UNAUTHORIZED', httpStatus: 401 } })
    }
  })

  test('renders a list and a highlighted code block', async () => {
    const html = htmlOf(await preview('Intro\n\n- one\n- two\n\n```ts\nconst answer = 42\n```'))
    const found = elements(html)
    const items = found.filter((el) => el.tagName === 'li')
    expect(items).toHaveLength(2)
    const code = found.find((el) => el.tagName === 'code' && el.properties.className)
    expect(code?.properties.className).toContain('language-ts')
    expect(found.some((el) => String(el.properties.className ?? '').includes('hljs-keyword'))).toBe(
      true,
    )
  })

  test('is exactly what the project page shows for the same text', async () => {
    const markdown = '# Main\n\nSee [the docs](https://example.com) and `code`.\n\n## Description'
    const created = await t.request('POST', '/api/projects', {
      token,
      body: { ...sample.project('Preview twin'), long_description: markdown },
    })
    expect(created.status).toBe(201)
    const page = await t.request('GET', `/api/projects/${created.body.slug}`)
    const html = htmlOf(await preview(markdown))
    expect(html).toBe(page.body.long_description_html as string)
    // Under the page's h2 "Description.": `#` is an h3, `##` an h4 (none is an h1 or h2) …
    expect(
      elements(html)
        .map((el) => el.tagName)
        .filter((tag) => /^h\d$/.test(tag)),
    ).toEqual(['h3', 'h4'])
    // … and the page's own ids are never taken by a heading.
    expect(elements(html).find((el) => el.tagName === 'h3')?.properties.id).toBe('main-1')
    expect(elements(html).find((el) => el.tagName === 'h4')?.properties.id).toBe('description')
  })

  test('removes script, event handlers and unsafe links', async () => {
    const html = htmlOf(
      await preview(
        [
          '<script>alert(1)</script>',
          '<img src=x onerror=alert(1)>',
          '[click](javascript:alert(1))',
          '[nested](jav&#x09;ascript:alert(1))',
          '![x](javascript:alert(1))',
          '<a href="javascript:alert(1)" onclick="alert(1)">raw</a>',
        ].join('\n\n'),
      ),
    )
    const found = elements(html)
    expect(found.some((el) => el.tagName === 'script')).toBe(false)
    for (const el of found) {
      for (const [name, value] of Object.entries(el.properties)) {
        expect(name.toLowerCase().startsWith('on')).toBe(false)
        expect(String(value).toLowerCase().replace(/\s/g, '')).not.toContain('javascript:')
      }
    }
  })

  test('is never part of a batch: one rendering per request', async () => {
    const names = Array.from({ length: 5 }, () => 'markdown.preview')
    const response = await t.app.handle(
      new Request(`http://localhost/trpc/${names.join(',')}?batch=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(
          Object.fromEntries(names.map((_, i) => [String(i), { markdown: '# Hi' }])),
        ),
      }),
    )
    expect(response.status).toBe(400)
    // A batch's answer: each call refused, none rendered.
    const calls = (await response.json()) as { error: { message: string } }[]
    expect(calls.map((call) => call.error.message)).toEqual(
      names.map(() => 'markdown.preview cannot be called in a batch.'),
    )
  })

  test('refuses text over the long description limit with a readable 400, and writes nothing', async () => {
    const before = await t.snapshot()
    const response = await preview('x'.repeat(limits.longText + 1))
    expect(response.status).toBe(400)
    expect((response.body.error as { message: string }).message).toContain(
      `at most ${limits.longText} characters`,
    )
    htmlOf(await preview('# Just a preview'))
    expect(await t.snapshot()).toEqual(before)
  })
})
