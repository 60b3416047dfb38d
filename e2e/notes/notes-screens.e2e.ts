/**
 * Pictures of the notes' screens at 390 and 1280 px in both themes, for a
 * person to look at (no image comparison), in .tmp/pictures/notes-screens/.
 * Tagged @pictures: not on CI (e2e/support/pictures.ts). What it passes
 * through is checked on CI elsewhere: the theme each page applies by
 * e2e/appearance/themes.e2e.ts (one head script on every page and admin screen), the
 * notes' pages and search in both themes by e2e/notes/notes.e2e.ts.
 */
import { allowUpTo, expect, hydrated, test, unique } from '../fixtures'
import { picture } from '../support/pictures'
import { pngFile } from '../support/png'

test('the notes screens at 390 and 1280 px, light and dark', {
  tag: '@pictures',
}, async ({ browser, token, request }) => {
  allowUpTo(180_000)
  const auth = { authorization: `Bearer ${token}` }
  const cover = pngFile('screens-cover.png', 1280, 720)
  const upload = await request.post('/api/media', {
    multipart: { file: { name: cover.name, mimeType: cover.type, buffer: cover.bytes }, alt: '' },
    headers: auth,
  })
  expect(upload.status()).toBe(201)
  const { url } = (await upload.json()) as { url: string }
  const title = unique('Pictured Note')
  const created = await request.post('/api/notes', {
    headers: auth,
    data: {
      title,
      summary: 'A note pictured at two widths in two themes, with a cover and tags.',
      body: `## What happened\n\nA paragraph of **text** with a [link](/projects).\n\n![A harbour](${url})\n\n\`\`\`ts\nconst pictured = true\n\`\`\``,
      tags: ['Screens', 'Notes'],
      cover_url: url,
      status: 'published',
    },
  })
  expect(created.status()).toBe(201)
  const { slug, id } = (await created.json()) as { slug: string; id: number }
  const screens = [
    { path: '/notes', admin: false },
    { path: `/notes/${slug}`, admin: false },
    { path: '/search?q=pictured', admin: false },
    { path: '/admin/notes', admin: true },
    { path: '/admin/notes/new', admin: true },
    { path: `/admin/notes/edit/${id}`, admin: true },
  ]
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [390, 1280]) {
      const context = await browser.newContext({
        colorScheme,
        viewport: { width, height: 900 },
      })
      await context.addInitScript((value) => window.localStorage.setItem('token', value), token)
      const page = await context.newPage()
      for (const screen of screens) {
        await page.goto(screen.path)
        if (!screen.admin) await hydrated(page)
        else await page.waitForLoadState('networkidle')
        // The theme shown: a public page follows the device by CSS, with no attribute.
        await expect(page.locator('html')).toHaveCSS('color-scheme', colorScheme)
        const name = `${screen.path.replace(/[^a-z0-9]+/gi, '_')}-${width}-${colorScheme}`
        await picture(page, `notes-screens/${name}`, { fullPage: true })
      }
      await context.close()
    }
  }
})
