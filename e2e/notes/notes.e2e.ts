/**
 * Notes in the browser: the owner writes a note with a pasted image, sees
 * the live preview, schedules it a few seconds ahead and it goes live on its
 * own (the server's publisher, no save); a visitor reads it in both themes
 * (axe clean on /notes, the note and /search) and searches from the header
 * by keyboard alone.
 */
import type { Page } from '@playwright/test'
import {
  apiCreate,
  apiLogin,
  expect,
  expectNoAxeViolations,
  hydrated,
  test,
  unique,
} from '../fixtures'
import { pngFile } from '../support/png'

test.describe.configure({ timeout: 180_000 })

/** Pastes files into the focused element as a person pasting from the clipboard would. */
async function pasteFiles(page: Page, selector: string, file: ReturnType<typeof pngFile>) {
  await page.locator(selector).evaluate(
    (element, data) => {
      const bytes = Uint8Array.from(atob(data.base64), (char) => char.charCodeAt(0))
      const transfer = new DataTransfer()
      transfer.items.add(new File([bytes], data.name, { type: data.type }))
      element.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
      )
    },
    { name: file.name, type: file.type, base64: file.bytes.toString('base64') },
  )
}

/** A `datetime-local` value `seconds` from now, in the browser's zone. */
/** A time `seconds` from now as the form takes it: a wall time in the zone the form shows. */
async function localTimeIn(page: Page, seconds: number): Promise<string> {
  const zone = await page.getByLabel('Time zone').inputValue()
  return page.evaluate(
    ([ahead, timeZone]) => {
      const parts = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).formatToParts(new Date(Date.now() + ahead * 1000))
      const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
      return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`
    },
    [seconds, zone] as const,
  )
}

test('write, preview, schedule and publish a note with a pasted image; a visitor reads it', async ({
  adminPage: page,
  browser,
}) => {
  const title = unique('Harbour Notes')
  await page.goto('/admin/notes')
  await page.getByRole('link', { name: 'New Note' }).click()
  await expect(page.getByRole('heading', { name: 'New Note.' })).toBeVisible()
  await page.getByLabel('Title').fill(title)
  await page.getByLabel('Summary').fill('A morning by the water, written down.')
  await page.getByLabel('Body').fill('## The morning\n\nBoats came in **early**.\n\n')
  // A pasted image is uploaded on the spot and inserted as Markdown.
  await page.getByLabel('Body').focus()
  await pasteFiles(page, '#note-body', pngFile('harbour-paste.png', 640, 360))
  await expect(page.getByLabel('Body')).toHaveValue(/!\[\]\(\/media\/[^)]+\)/, { timeout: 15_000 })
  // The live preview renders with the site's renderer.
  const preview = page.locator('#note-body-preview')
  await expect(preview.getByRole('heading', { name: 'The morning' })).toBeVisible()
  await expect(preview.locator('strong')).toHaveText('early')
  await expect(preview.locator('img')).toHaveCount(1)

  // Scheduled: the next minute boundary at least 25 s away (the picker has minutes).
  await page.getByLabel('Published').check()
  const seconds = await page.evaluate(() => {
    const left = 60 - new Date().getSeconds()
    return left < 25 ? left + 60 : left
  })
  await page.getByLabel(/Publish at/).fill(await localTimeIn(page, seconds))
  await expect(page.getByText('Scheduled: it goes live on its own at this time.')).toBeVisible()
  await page.getByRole('button', { name: 'Schedule' }).click()
  await expect(page).toHaveURL(/\/admin\/notes$/)
  const row = page.getByRole('listitem').filter({ hasText: title })
  await expect(row.getByText('Scheduled', { exact: true })).toBeVisible()

  // The owner's preview link shows the scheduled note; a visitor gets the 404.
  const slug = title.toLowerCase().replace(/\s+/g, '-')
  await row.getByRole('link', { name: 'Preview' }).click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByText('Scheduled — not public.')).toBeVisible()
  const visitor = await browser.newPage()
  await visitor.goto(`/notes/${slug}`)
  await expect(visitor.getByRole('heading', { name: 'Page Not Found.' })).toBeVisible({
    timeout: 15_000,
  })

  // It goes live on its own: within the publisher's interval after its time.
  await expect(async () => {
    const response = await visitor.goto(`/notes/${slug}`)
    expect(response?.status()).toBe(200)
  }).toPass({ timeout: 120_000, intervals: [2_000] })
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(visitor.locator('article img[src^="/media/"]')).toHaveCount(1)
  await expect(
    visitor.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Notes' }),
  ).toBeVisible()
  await visitor.close()
})

for (const theme of ['light', 'dark'] as const) {
  test.describe(`a visitor in the ${theme} theme`, () => {
    test.use({ colorScheme: theme })

    test('reads /notes and a note, and /search; axe finds nothing', async ({ page, request }) => {
      const token = await apiLogin(request)
      const title = unique(`Reading ${theme}`)
      const created = await request.post('/api/notes', {
        headers: { authorization: `Bearer ${token}` },
        data: {
          title,
          summary: 'Notes on reading in the dark and in the light.',
          body: '## Section\n\nA paragraph with a [link](/projects) and `code`.\n\n- one\n- two',
          tags: ['Reading'],
          status: 'published',
        },
      })
      expect(created.status()).toBe(201)
      const { slug } = (await created.json()) as { slug: string }

      await page.goto('/notes')
      await hydrated(page)
      await expect(page.getByRole('heading', { level: 1, name: 'Notes.' })).toBeVisible()
      await expect(page.getByRole('link', { name: title })).toBeVisible()
      // Every page announces the three feeds.
      for (const [type, href] of [
        ['application/atom+xml', '/feed.xml'],
        ['application/rss+xml', '/rss.xml'],
        ['application/feed+json', '/feed.json'],
      ]) {
        await expect(page.locator(`head link[rel="alternate"][type="${type}"]`)).toHaveAttribute(
          'href',
          String(href),
        )
      }
      await expectNoAxeViolations(page)

      await page.getByRole('link', { name: title }).click()
      await expect(page).toHaveURL(new RegExp(`/notes/${slug}$`))
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
      await expect(page.getByText(/1 min read/)).toBeVisible()
      await hydrated(page)
      await expectNoAxeViolations(page)

      await page.goto(`/search?q=${encodeURIComponent('reading dark')}`)
      await hydrated(page)
      await expect(page.getByRole('link', { name: title })).toBeVisible()
      await expect(page.locator('mark').first()).toBeVisible()
      await expectNoAxeViolations(page)
    })
  })
}

/**
 * `/` from the page into the header's search box. The header sets its `/` listener in an effect,
 * once its part of the page has hydrated, which can come a moment after `hydrated()` has seen the
 * router's state go (a `/` pressed then went nowhere: twice in a row in a whole `.ci/run`, on
 * PostgreSQL, and once in a lone run): press until the key lands in the box, which takes it at
 * once, and never again after that.
 */
async function slashToSearch(page: Page) {
  await expect(async () => {
    await page.keyboard.press('/')
    expect(await page.evaluate(() => document.activeElement?.closest('search') != null)).toBe(true)
  }).toPass({ timeout: 20_000 })
}

/** The home page at 1280 px, its header's search box focused with `/`. */
async function headerSearchOnHome(page: Page) {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/')
  await hydrated(page)
  await slashToSearch(page)
  return page.getByRole('combobox', { name: 'Search' })
}

test('search from the header by keyboard: /, type, arrow down, Enter', async ({
  page,
  request,
}) => {
  const title = unique('Keyboard Quasar')
  await apiCreate(request, await apiLogin(request), '/api/notes', {
    title,
    summary: 'Found by keys.',
    body: 'quasar body',
    status: 'published',
  })
  const box = await headerSearchOnHome(page)
  await expect(box).toBeFocused()
  // The word only this note has: a retry's note of the same name is not the first suggestion.
  await page.keyboard.type(`${title.split(' ')[2]} Keyboard`)
  const list = page.getByRole('listbox', { name: 'Search suggestions' })
  await expect(list.getByRole('option', { name: new RegExp(title) })).toBeVisible()
  await expect(box).toHaveAttribute('aria-expanded', 'true')
  await page.keyboard.press('ArrowDown')
  await expect(box).toHaveAttribute('aria-activedescendant', /.+/)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  // A new document: `/` is the loader's, which the page adds once it has painted.
  await hydrated(page)
  // Escape closes the list; Enter without a pick opens the results page.
  await page.keyboard.press('/')
  await page.keyboard.type('quasar')
  await expect(list).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(list).toBeHidden()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/search\?q=quasar$/)
  await expect(page.getByRole('link', { name: title })).toBeVisible()
})

test('a suggestion picked while a newer answer is on its way stays picked', async ({
  page,
  request,
}) => {
  const title = unique('Latecomer Nebula')
  await apiCreate(request, await apiLogin(request), '/api/notes', {
    title,
    summary: 'Picked early.',
    body: 'nebula body',
    status: 'published',
  })
  // The word only this note has, then the query with one more word, whose answer comes late.
  const [first, second, own] = title.split(' ') as [string, string, string]
  const longer = `${own} ${first}`
  await page.route(
    (url) => url.pathname === '/api/search' && url.searchParams.get('q') === longer,
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800))
      await route.continue()
    },
  )
  const box = await headerSearchOnHome(page)
  await page.keyboard.type(own)
  const list = page.getByRole('listbox', { name: 'Search suggestions' })
  await expect(list.getByRole('option', { name: new RegExp(`${first} ${second}`) })).toBeVisible()
  const late = page.waitForResponse(
    (response) => new URL(response.url()).searchParams.get('q') === longer,
  )
  await page.keyboard.type(` ${first}`)
  await page.keyboard.press('ArrowDown')
  await expect(box).toHaveAttribute('aria-activedescendant', /.+/)
  await late
  // The late answer is on screen (two frames after it), and the pick is still there.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
  await expect(box).toHaveAttribute('aria-activedescendant', /.+/)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
})

test('suggestions closed with Escape stay closed when their answer arrives after', async ({
  page,
}) => {
  const word = unique('Dismissed').split(' ')[1] ?? 'dismissed'
  await page.route(
    (url) => url.pathname === '/api/search' && url.searchParams.get('q') === word,
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800))
      await route.continue()
    },
  )
  const box = await headerSearchOnHome(page)
  // The combobox has taken over: the keys below reach it, and the list opens as they land.
  await expect(box).toBeFocused()
  const late = page.waitForResponse(
    (response) => new URL(response.url()).searchParams.get('q') === word,
  )
  await page.keyboard.type(word)
  const list = page.getByRole('listbox', { name: 'Search suggestions' })
  await expect(list).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(list).toBeHidden()
  await late
  // The answer is in (two frames after it): the list the visitor closed is still closed.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
  await expect(list).toBeHidden()
  await expect(box).toHaveAttribute('aria-expanded', 'false')
  await expect(box).toHaveValue(word)
  // Typing again opens it again.
  await page.keyboard.type('s')
  await expect(list).toBeVisible()
})

test('keys typed while the search box loads its code are kept, and Escape keeps the text', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/')
  await hydrated(page)
  // No pause: the combobox's chunk is still on its way while these keys land.
  await slashToSearch(page)
  await page.keyboard.type('quasar')
  const box = page.getByRole('combobox', { name: 'Search' })
  await expect(box).toBeFocused()
  await expect(box).toHaveValue('quasar')
  await page.keyboard.press('Escape')
  await expect(box).toHaveValue('quasar')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/search\?q=quasar$/)
})
