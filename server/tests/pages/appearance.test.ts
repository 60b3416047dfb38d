/**
 * The visitor's theme and fonts come from their cookies and are rendered
 * onto a public page's <html> by the server: no script runs before the first
 * paint, each combination is its own cache entry, and the header's switch
 * works without script as a form posting to /theme.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { THEME_SCRIPT } from '../../../client/lib/theme-script'
import { appearanceOf, themeCookie } from '../../../src/domain/appearance'
import type { TestApp } from '../support/harness'
import { renderedSite } from '../support/rendered-site'

let t: TestApp

beforeAll(async () => {
  ;({ t } = await renderedSite())
}, 30_000)
afterAll(() => t.close())

/** The opening <html> tag of a page. */
const htmlTag = (text: string) => /<html[^>]*>/.exec(text)?.[0] ?? ''

const page = (path: string, cookie?: string) =>
  t.request('GET', path, cookie ? { headers: { cookie } } : {})

/**
 * The switch pressed without script, as a browser posts its form (no field)
 * from the page at `referer`.
 */
const press = (referer: string | null, headers: Record<string, string> = {}) =>
  t.request('POST', '/theme', {
    raw: '',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(referer === null ? {} : { referer }),
      ...headers,
    },
  })

describe('the theme and the fonts on <html>, from the cookies', () => {
  test('no cookie: no theme on <html> (design.css follows the device), no fonts, no script', async () => {
    const response = await page('/projects')
    const tag = htmlTag(response.text)
    expect(tag).not.toContain('data-theme')
    expect(tag).not.toContain('data-fonts')
    expect(response.text).not.toContain(THEME_SCRIPT)
  })

  test('each choice and the fonts are rendered, and each combination is its own cache entry', async () => {
    // Alternated, so that each answer after the first of its kind is the cache's.
    for (let round = 0; round < 2; round++) {
      const plain = htmlTag((await page('/')).text)
      expect(plain).not.toContain('data-theme')
      const dark = htmlTag((await page('/', 'theme=dark')).text)
      expect(dark).toContain('data-theme="dark"')
      expect(dark).toContain('data-theme-choice="dark"')
      expect(dark).not.toContain('data-fonts')
      const light = htmlTag((await page('/', 'other=1; theme=light; fonts=1')).text)
      expect(light).toContain('data-theme="light"')
      expect(light).toContain('data-theme-choice="light"')
      expect(light).toContain('data-fonts=""')
      const fonts = htmlTag((await page('/', 'fonts=1')).text)
      expect(fonts).not.toContain('data-theme')
      expect(fonts).toContain('data-fonts=""')
    }
    // Each answer's ETag is its own: a browser's cached page of another theme is not a 304.
    const plain = await page('/')
    const dark = await page('/', 'theme=dark')
    expect(plain.headers.get('etag')).not.toBe(dark.headers.get('etag'))
    const again = await t.request('GET', '/', {
      headers: { cookie: 'theme=dark', 'if-none-match': plain.headers.get('etag') ?? '' },
    })
    expect(again.status).toBe(200)
    expect(htmlTag(again.text)).toContain('data-theme="dark"')
  })

  test('a cookie the server did not write is the default', async () => {
    for (const cookie of ['theme=purple', 'theme=', 'mytheme=dark', 'fonts=yes', 'theme=dark2']) {
      const tag = htmlTag((await page('/projects', cookie)).text)
      expect(tag, cookie).not.toContain('data-theme')
      expect(tag, cookie).not.toContain('data-fonts')
    }
  })

  test('the contact page, rendered for each request, carries it too', async () => {
    expect(htmlTag((await page('/contact-me', 'theme=dark')).text)).toContain('data-theme="dark"')
  })
})

describe('the app’s theme script (the admin, sign-in)', () => {
  /** Runs the inline script as a page would, with the few browser parts it uses. */
  function runThemeScript(cookie: string, protocol: string) {
    const written: string[] = []
    const dataset: Record<string, string> = {}
    const listeners: Record<string, (event: unknown) => void> = {}
    const document = {
      documentElement: { dataset },
      get cookie() {
        return cookie
      },
      set cookie(value: string) {
        written.push(value)
      },
      addEventListener: () => {},
    }
    const media = { matches: false, addEventListener: () => {} }
    new Function('document', 'matchMedia', 'addEventListener', 'location', THEME_SCRIPT)(
      document,
      () => media,
      (type: string, listener: (event: unknown) => void) => {
        listeners[type] = listener
      },
      { protocol },
    )
    const press = () => {
      let prevented = false
      listeners.click?.({
        target: { closest: () => ({}) },
        preventDefault: () => {
          prevented = true
        },
      })
      return prevented
    }
    return { written, dataset, press }
  }

  test('reads the cookies the server reads, and writes the cookie the switch writes', () => {
    const page = runThemeScript('a=1; theme=light; fonts=1', 'https:')
    expect(page.dataset).toEqual({ themeChoice: 'light', theme: 'light', fonts: '' })
    // The press, instead of the form's post: light → dark → system → light.
    expect(page.press()).toBe(true)
    expect(page.press()).toBe(true)
    expect(page.press()).toBe(true)
    expect(page.written).toEqual([
      themeCookie('dark', true),
      themeCookie('system', true),
      themeCookie('light', true),
    ])
    expect(page.dataset.themeChoice).toBe('light')
    // On http, without Secure; no cookie: system, resolved from the device.
    const plain = runThemeScript('', 'http:')
    expect(plain.dataset).toEqual({ themeChoice: 'system', theme: 'light' })
    plain.press()
    expect(plain.written).toEqual([themeCookie('light', false)])
  })
})

describe('the switch without script: POST /theme', () => {
  test('steps system → light → dark → system, stores it in the cookie and goes back to the page', async () => {
    const steps: Array<[string | undefined, string, string]> = [
      [undefined, 'light', 'Max-Age=31536000'],
      ['theme=light', 'dark', 'Max-Age=31536000'],
      ['theme=dark', '', 'Max-Age=0'],
    ]
    for (const [cookie, value, age] of steps) {
      const response = await press(
        'http://localhost/projects?tag=Brass',
        cookie ? { cookie, origin: 'http://localhost', host: 'localhost' } : {},
      )
      expect(response.status, cookie).toBe(303)
      expect(response.headers.get('location')).toBe('/projects?tag=Brass')
      const set = response.headers.get('set-cookie') ?? ''
      expect(set).toStartWith(`theme=${value}; Path=/; ${age}; SameSite=Lax`)
      expect(response.headers.get('cache-control')).toBe('no-store')
    }
    // The page it goes back to, with the cookie the browser now sends.
    const dark = await page('/projects', 'theme=dark')
    expect(htmlTag(dark.text)).toContain('data-theme="dark"')
  })

  test('the cookie is the one the loader writes, Secure on an https site', async () => {
    const response = await press('http://localhost/')
    // renderedSite's address is https.
    expect(response.headers.get('set-cookie')).toBe(themeCookie('light', true))
    expect(appearanceOf(response.headers.get('set-cookie')).theme).toBe('light')
  })

  test('goes back only to a page of this site', async () => {
    for (const back of [
      'https://evil.example/',
      'http://localhost.evil.example/',
      'http://localhost//evil.example/',
      'http://localhost/.//evil.example',
      'javascript:alert(1)',
      'not a url',
      '',
    ]) {
      const response = await press(back)
      expect(response.status, back).toBe(303)
      const location = response.headers.get('location') ?? ''
      expect(location.startsWith('/') && !location.startsWith('//'), back).toBe(true)
      expect(location, back).not.toContain('evil')
    }
    expect((await press(null)).headers.get('location')).toBe('/')
    // Where it was pressed, query and all.
    expect((await press('http://localhost/search?q=engine')).headers.get('location')).toBe(
      '/search?q=engine',
    )
  })

  test('a form on another site cannot move it', async () => {
    const response = await press('https://evil.example/', { origin: 'https://evil.example' })
    expect(response.status).toBe(403)
    expect(response.headers.get('set-cookie')).toBeNull()
    expect(response.text).toContain('only be chosen on this site')
  })

  test('anything but a POST finds no page there', async () => {
    expect((await t.request('GET', '/theme')).status).toBe(404)
    expect((await t.request('PUT', '/theme')).status).toBe(404)
  })
})
