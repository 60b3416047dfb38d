/**
 * The newsletter's pages work without script, rendered on the server: the
 * form posts to /newsletter and is answered with the page saying what
 * happens next (or asking once more, with a token of its own, when it came
 * from a cached page); the emails' links open pages whose buttons post to
 * themselves; nothing of them is cached.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { defaultNewsletterSettings } from '../../config'
import { newsletterSubscribers } from '../../db/schema'
import { unsubscribeToken } from '../../services/newsletter/keys'
import { createTestApp, type TestApp } from '../support/harness'

function stubDist(): string {
  const dir = join(tmpdir(), `portfolio-newsletter-dist-${process.pid}`)
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

const tokenIn = (html: string) => /name="form_token" value="([^"]*)"/.exec(html)?.[1]

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({
    ssr: true,
    siteUrl: 'https://ada.example',
    distDir: stubDist(),
    config: {
      newsletter: { ...defaultNewsletterSettings, perIp: 100, perAddress: 100 },
      spam: { minFillMs: 0, maxTokenAgeMs: 86_400_000, maxLinks: 3 },
    },
  })
}, 120_000)
afterAll(() => t.close())

function post(path: string, fields: Record<string, string>) {
  return t.request('POST', path, {
    raw: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
}

describe('without script', () => {
  test('the page: a form posting to itself with a token of its own, never cached', async () => {
    const first = await t.request('GET', '/newsletter')
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toBe('no-store')
    expect(first.text).toContain('<h1')
    expect(first.text).toContain('Notes by email.')
    expect(first.text).toContain('action="/newsletter"')
    // The token says when the form was served (the test's clock stands still otherwise).
    t.clock.advance(1_000)
    const second = await t.request('GET', '/newsletter')
    expect(tokenIn(first.text)).toMatch(/^[0-9a-z]+\.[\w-]+$/)
    expect(tokenIn(second.text)).not.toBe(tokenIn(first.text))
  })

  test('a form without a token asks once more; with it, the address is pending', async () => {
    const again = await post('/newsletter', {
      email: 'plain@example.com',
      form_token: '',
      website: '',
    })
    expect(again.status).toBe(200)
    expect(again.text).toContain('Please check your address and press Subscribe once more.')
    expect(again.text).toContain('value="plain@example.com"')
    const token = tokenIn(again.text) ?? ''
    expect(token).not.toBe('')
    const done = await post('/newsletter', {
      email: 'plain@example.com',
      form_token: token,
      website: '',
    })
    expect(done.status).toBe(200)
    expect(done.text).toContain('Almost done: we sent you an email.')
    const [row] = await t.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'plain@example.com'))
    expect(row?.state).toBe('pending')
    const bad = await post('/newsletter', { email: 'nope', form_token: token, website: '' })
    expect(bad.status).toBe(400)
    expect(bad.text).toContain('Email must be a valid email address.')
  })

  test('the unsubscribe link: a button that posts; a fetch alone changes nothing', async () => {
    const [row] = await t.db.select().from(newsletterSubscribers)
    if (!row) throw new Error('no subscriber')
    const token = await unsubscribeToken(t.db, row.id, row.email)
    const page = await t.request('GET', `/newsletter/unsubscribe?token=${token}`)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Unsubscribe.')
    expect(page.text).toContain(`value="${token}"`)
    const [still] = await t.db.select().from(newsletterSubscribers)
    expect(still?.state).toBe('pending')
    const done = await post(`/newsletter/unsubscribe?token=${token}`, { token })
    expect(done.status).toBe(200)
    expect(done.text).toContain('You are unsubscribed.')
    const bad = await post('/newsletter/confirm', { token: 'not-a-token' })
    expect(bad.status).toBe(400)
    expect(bad.text).toContain('This confirmation link is not valid or was already used.')
  })
})
