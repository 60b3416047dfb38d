import { apiCreate, expect, hydrated, test, unique } from '../fixtures'

/**
 * Public pages fetch the tRPC client's code only when they first need it
 * (client/lib/trpc.ts): never on a first load, whose data came with the HTML,
 * and again after a failed fetch of that code.
 */

const clientChunk = /\/assets\/trpc-client-[^/]+\.js$/

test('the first load fetches no tRPC code; the first page that needs data fetches it, once', async ({
  page,
  request,
  token,
}) => {
  const title = unique('Lazy Client')
  await apiCreate(request, token, '/api/projects', {
    title,
    description: 'Loaded on demand.',
    long_description: 'Long text.',
  })
  const chunkRequests: string[] = []
  page.on('request', (req) => {
    if (clientChunk.test(new URL(req.url()).pathname)) chunkRequests.push(req.url())
  })
  await page.goto('/projects')
  await hydrated(page)
  expect(chunkRequests).toEqual([])

  // The project page's data is not in the page yet: the client's code comes now.
  await page.getByRole('link', { name: title }).first().click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  expect(chunkRequests).toHaveLength(1)

  await page.getByRole('link', { name: 'All projects' }).click()
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Contact' })
    .click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Me.')
  expect(chunkRequests).toHaveLength(1)
})

test('when the tRPC code cannot be fetched, the page says so and a later try loads it', async ({
  page,
  request,
  token,
}) => {
  const title = unique('Flaky Chunk')
  await apiCreate(request, token, '/api/projects', {
    title,
    description: 'The chunk fails once.',
    long_description: 'Long text.',
  })
  // Every fetch of the chunk fails until "Try again": the click's hover may start a
  // preload (intent) before the click's own load, and both must fail (under load the
  // preload came first, failed quietly, and the click's load then succeeded).
  let failing = true
  let failures = 0
  await page.route(clientChunk, async (route) => {
    if (failing) {
      failures++
      await route.abort('connectionfailed')
    } else {
      await route.continue()
    }
  })
  await page.goto('/projects')
  await hydrated(page)
  await page.evaluate(() => Object.assign(window, { sameDocument: true }))

  await page.getByRole('link', { name: title }).first().click()
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible()

  // The chunk can be fetched again; a loader that kept the failed import would fail here.
  failing = false
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  expect(failures).toBeGreaterThanOrEqual(1)
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true)
})
