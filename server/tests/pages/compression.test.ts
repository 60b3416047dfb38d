/**
 * Pages made for one request (never cached: the contact page with its form
 * token, its answer after a post, the newsletter's pages, the sign-in page)
 * are compressed for the client that accepts it, as cached pages are.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { TestApp } from '../support/harness'
import { renderedSite } from '../support/rendered-site'

let t: TestApp

beforeAll(async () => {
  ;({ t } = await renderedSite())
}, 30_000)
afterAll(() => t.close())

async function fetchPage(
  path: string,
  acceptEncoding: string | null,
  init: RequestInit = {},
): Promise<{ response: Response; html: string; sentBytes: number }> {
  const headers = new Headers(init.headers)
  if (acceptEncoding) headers.set('accept-encoding', acceptEncoding)
  const response = await t.app.handle(new Request(`http://localhost${path}`, { ...init, headers }))
  const bytes = Buffer.from(await response.arrayBuffer())
  const encoding = response.headers.get('content-encoding')
  const html = (
    encoding === 'br'
      ? brotliDecompressSync(bytes)
      : encoding === 'gzip'
        ? gunzipSync(bytes)
        : bytes
  ).toString('utf8')
  return { response, html, sentBytes: bytes.byteLength }
}

describe('pages made for one request', () => {
  for (const path of ['/contact-me', '/newsletter', '/login']) {
    test(`${path}: brotli or gzip as the client accepts, identity when it accepts neither`, async () => {
      const br = await fetchPage(path, 'gzip, deflate, br')
      expect(br.response.status).toBe(200)
      expect(br.response.headers.get('content-encoding')).toBe('br')
      expect(br.response.headers.get('vary')).toContain('Accept-Encoding')
      expect(br.html).toStartWith('<!DOCTYPE html>')
      expect(br.html).toContain('</html>')
      const gzip = await fetchPage(path, 'gzip')
      expect(gzip.response.headers.get('content-encoding')).toBe('gzip')
      expect(gzip.html).toContain('</html>')
      const plain = await fetchPage(path, null)
      expect(plain.response.headers.get('content-encoding')).toBeNull()
      expect(plain.html).toContain('</html>')
      // Much smaller than the page itself.
      expect(br.sentBytes).toBeLessThan(plain.html.length / 2)
    })
  }

  test('the contact form’s answer to a post is compressed too', async () => {
    const { response, html } = await fetchPage('/contact-me', 'br', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        name: 'Ada',
        email: 'ada@example.com',
        message: 'Hi',
      }).toString(),
    })
    expect(response.headers.get('content-encoding')).toBe('br')
    expect(html).toContain('Contact Me.')
  })

  test('a HEAD has no body to compress', async () => {
    const response = await t.app.handle(
      new Request('http://localhost/contact-me', {
        method: 'HEAD',
        headers: { 'accept-encoding': 'br' },
      }),
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-encoding')).toBeNull()
    expect((await response.arrayBuffer()).byteLength).toBe(0)
  })
})
