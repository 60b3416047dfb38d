import type { Page } from '@playwright/test'
import { apiCreate, apiLogin, apiUpload, expect, hydrated, test, unique } from '../fixtures'
import { pngFile } from '../support/png'

/**
 * Server rendering seen from the browser: the first HTML already holds the
 * page and its data; a public page is a document with islands
 * (docs/decisions/0389): its loader runs without fetching anything and
 * without a warning, an island hydrates on its first use without a mismatch,
 * and a link is a document navigation to the next page's own HTML. The admin
 * and the sign-in pages stay the app, hydrated in the browser.
 */

interface Watch {
  problems: string[]
  trpcRequests: string[]
}

/**
 * Every console warning or error, uncaught error, CSP violation and failed
 * script, stylesheet or API load of a page, and its /trpc requests. Images
 * are left out: other suites create projects whose image URLs lead nowhere.
 */
async function watch(page: Page): Promise<Watch> {
  const seen: Watch = { problems: [], trpcRequests: [] }
  const watchedTypes = new Set(['script', 'stylesheet', 'fetch', 'xhr', 'manifest'])
  page.on('console', (message) => {
    if (message.type() !== 'warning' && message.type() !== 'error') return
    // Failed loads are judged below, by resource type.
    if (message.text().startsWith('Failed to load resource')) return
    seen.problems.push(`${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => seen.problems.push(`pageerror: ${error.message}`))
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/trpc')) seen.trpcRequests.push(request.url())
  })
  page.on('response', (response) => {
    if (response.status() >= 400 && watchedTypes.has(response.request().resourceType())) {
      seen.problems.push(`${response.status()} ${response.url()}`)
    }
  })
  page.on('requestfailed', (request) => {
    // A prepared page's view (client/islands/loader.ts): sent with keepalive as the page is
    // shown, it may still be on its way when the next click leaves that page.
    if (request.headers()['x-page-view'] === 'activated') return
    if (watchedTypes.has(request.resourceType()) && !request.url().includes('/trpc')) {
      seen.problems.push(`failed ${request.url()}`)
    }
  })
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`)
    })
  })
  return seen
}

let slug = ''
let projectTitle = ''
const bullet = unique('Punched cards')

test.beforeAll(async ({ request }) => {
  const token = await apiLogin(request)
  projectTitle = unique('Hydrated Orrery')
  // An upload first (a <picture> with its placeholder), then a plain URL.
  const upload = await apiUpload(request, token, pngFile('orrery.png', 800, 450))
  const project = await apiCreate(request, token, '/api/projects', {
    title: projectTitle,
    description: 'A mechanical model of the solar system, rendered on the server.',
    long_description: 'Gears, brass and a server-rendered page.',
    image_urls: [upload.url, '/profile.svg'],
    tags: ['React', 'SSR'],
    is_featured: true,
  })
  slug = project.slug
  await apiCreate(request, token, '/api/timeline', {
    title: unique('Analytical Engine Lab'),
    start_date: 'Jan 2024',
    position: 'Research assistant',
    description: [bullet, 'Bernoulli numbers'],
  })
})

const pages = () => [
  { path: '/', heading: "Hi, I'm Ada Lovelace!", status: 200 },
  { path: '/projects', heading: 'My Projects.', status: 200 },
  { path: `/projects/${slug}`, heading: projectTitle, status: 200 },
  { path: '/contact-me', heading: 'Contact Me.', status: 200 },
  { path: '/no/such/page', heading: 'Page Not Found.', status: 404 },
  { path: '/projects/no-such-project-anywhere', heading: 'Page Not Found.', status: 404 },
]

test('every public page loads without a console warning and without fetching its data', async ({
  page,
}) => {
  const seen = await watch(page)
  for (const { path, heading, status } of pages()) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(status)
    await hydrated(page)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
    await expect(page.getByText('Gathering data…')).toHaveCount(0)
  }
  expect(seen.problems).toEqual([])
  // Loaders ran on the server; nothing is fetched again in the browser.
  expect(seen.trpcRequests).toEqual([])
})

test('parameters no page reads, or a made-up token, get the cached page, which loads cleanly', async ({
  browser,
  page,
  request,
}) => {
  const bogus = { authorization: 'Bearer made-up-token' }
  // One body and one ETag for all of them (tried again if another suite writes in between).
  await expect(async () => {
    const plain = await request.get('/')
    const body = await plain.text()
    for (const [path, headers] of [
      ['/?utm_source=newsletter', {}],
      ['/?utm_source=newsletter&fbclid=abc', bogus],
      ['/', bogus],
    ] as const) {
      const answer = await request.get(path, { headers })
      expect(answer.status(), path).toBe(200)
      expect(answer.headers().etag, path).toBe(plain.headers().etag)
      expect(await answer.text(), path).toBe(body)
    }
  }).toPass()

  const seen = await watch(page)
  const response = await page.goto('/?utm_source=newsletter')
  expect(response?.status()).toBe(200)
  await hydrated(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Hi, I'm Ada Lovelace!")
  // The router reads the real URL; the page is the home page all the same.
  expect(new URL(page.url()).search).toBe('?utm_source=newsletter')
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }),
  ).toHaveAttribute('aria-current', 'page')
  expect(seen.problems).toEqual([])
  expect(seen.trpcRequests).toEqual([])

  const context = await browser.newContext({ extraHTTPHeaders: bogus })
  const withToken = await context.newPage()
  const seenWithToken = await watch(withToken)
  expect((await withToken.goto('/'))?.status()).toBe(200)
  await hydrated(withToken)
  await expect(withToken.getByRole('heading', { level: 1 })).toHaveText("Hi, I'm Ada Lovelace!")
  expect(seenWithToken.problems).toEqual([])
  expect(seenWithToken.trpcRequests).toEqual([])
  await context.close()
})

test('without JavaScript the pages still show their content', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Hi, I'm Ada Lovelace!")
  await expect(page.getByRole('region', { name: 'Featured Projects.' })).toContainText(projectTitle)
  await expect(page.getByText(bullet).first()).toBeVisible()
  await page.goto(`/projects/${slug}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(projectTitle)
  await expect(page.getByText('Gears, brass and a server-rendered page.')).toBeVisible()
  await expect(page.getByRole('contentinfo')).toContainText('Ada Lovelace')
  await context.close()
})

test('the first paint holds the data even when the API cannot be reached', async ({ page }) => {
  const seen = await watch(page)
  await page.route(
    (url) => url.pathname.startsWith('/trpc'),
    (route) => route.abort(),
  )
  await page.goto(`/projects/${slug}`)
  await hydrated(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(projectTitle)
  await expect(page.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText([
    'React',
    'SSR',
  ])
  expect(seen.trpcRequests).toEqual([])
  expect(seen.problems).toEqual([])
})

test('links are document navigations: each page arrives whole, its head its own', async ({
  page,
}) => {
  const seen = await watch(page)
  await page.goto('/')
  await hydrated(page)
  // No app router: a link loads the next document, which loses this marker.
  await page.evaluate(() => {
    Object.assign(window, { sameDocument: true })
  })
  const nav = page.getByRole('navigation', { name: 'Main' })

  await nav.getByRole('link', { name: 'Projects' }).click()
  await expect(page).toHaveURL(/\/projects$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Projects.')
  await expect(page).toHaveTitle('My Projects · Portfolio')
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(false)

  await page.getByRole('link', { name: projectTitle }).first().click()
  await expect(page).toHaveURL(new RegExp(`/projects/${slug}$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(projectTitle)
  await expect(page).toHaveTitle(`${projectTitle} · Projects`)
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(1)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`/projects/${slug}$`),
  )
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', projectTitle)

  await nav.getByRole('link', { name: 'Contact' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Me.')
  await hydrated(page)
  expect(seen.problems).toEqual([])
})

test('the islands hydrate on first use without a mismatch or a warning', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  const seen = await watch(page)
  const islandChunks: string[] = []
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (/^\/assets\/island-/.test(path)) islandChunks.push(path)
  })

  await page.goto('/contact-me')
  await hydrated(page)
  expect(islandChunks).toEqual([])
  // The header's search: the plain box, then the combobox with what was typed.
  const box = page.getByRole('searchbox', { name: 'Search' })
  await box.focus()
  await page.keyboard.type('Orrery')
  const combobox = page.getByRole('combobox', { name: 'Search' })
  await expect(combobox).toBeFocused()
  await expect(combobox).toHaveValue('Orrery')
  await expect(page.getByRole('option').first()).toBeVisible()

  // The contact form: typed into before its island is hydrated, kept after.
  const name = page.getByLabel('Name')
  await name.focus()
  await page.keyboard.type('Ada')
  await expect
    .poll(() => islandChunks.some((path) => path.startsWith('/assets/island-contact-form-')))
    .toBe(true)
  await hydrated(page)
  await expect(name).toHaveValue('Ada')
  // The server wrote the same markup the island hydrated: no recoverable error, no warning.
  expect(seen.problems).toEqual([])
  await context.close()
})

test('the page names its speculation rules and opts into cross-document view transitions', async ({
  page,
}) => {
  await page.goto('/')
  await hydrated(page)
  const rules = JSON.parse(
    (await page.locator('script[type="speculationrules"]').textContent()) ?? '{}',
  ) as { prerender?: { eagerness?: string }[] }
  expect(rules.prerender?.[0]?.eagerness).toBe('moderate')
  expect(await page.evaluate(() => HTMLScriptElement.supports?.('speculationrules'))).toBe(true)
  // The rule is in the page's own CSS (its head), within prefers-reduced-motion.
  const inline = (await page.locator('style[data-tsr-inline-css]').textContent()) ?? ''
  expect(inline).toMatch(
    /@media \(prefers-reduced-motion:\s?no-preference\)\s?\{@view-transition\s?\{navigation:\s?auto;?\}\}/,
  )
})

test('the admin area is still rendered in the browser: the login page after hydration', async ({
  page,
}) => {
  const seen = await watch(page)
  const response = await page.goto('/login')
  expect(response?.status()).toBe(200)
  expect(response?.headers()['cache-control']).toBe('no-store')
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login.' })).toBeVisible()
  await expect(page.getByLabel('Username')).toBeVisible()
  expect(seen.problems).toEqual([])
})
