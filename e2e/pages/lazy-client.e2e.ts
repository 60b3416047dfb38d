import { expect, hydrated, test, unique } from '../fixtures'

/**
 * A public page is a document with islands (docs/decisions/0389): its first
 * load fetches the island loader only. An island's code, React with it, and
 * tRPC's client for the contact form come on the island's first use; when they
 * cannot be fetched, the page still works as it does without script.
 */

const islandChunk = /\/assets\/island-[^/]+\.js$/
const trpcChunk = /\/assets\/island-trpc-client-[^/]+\.js$/

test('the contact form: no island code on load; React and tRPC come with its first focus, once', async ({
  page,
}) => {
  const fetched: string[] = []
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (islandChunk.test(path) || /\/assets\/index-[^/]+\.js$/.test(path)) fetched.push(path)
  })
  await page.goto('/contact-me')
  await hydrated(page)
  expect(fetched).toEqual([])

  await page.getByLabel('Name').focus()
  await expect.poll(() => fetched.some((path) => trpcChunk.test(path))).toBe(true)
  await hydrated(page)
  const count = fetched.length
  expect(fetched.some((path) => path.includes('/island-contact-form-'))).toBe(true)
  // Never the app's entry (the router, the whole app) on a public page.
  expect(fetched.filter((path) => path.includes('/index-'))).toEqual([])

  await page.getByLabel('Email').focus()
  await page.getByLabel('Message').focus()
  await hydrated(page)
  expect(fetched).toHaveLength(count)
})

test('when the island cannot be fetched, the form posts as it does without script', async ({
  page,
}) => {
  await page.route(/\/assets\/island-contact-form-[^/]+\.js$/, (route) =>
    route.abort('connectionfailed'),
  )
  await page.goto('/contact-me')
  await hydrated(page)
  await page.getByLabel('Name').fill('Charles Babbage')
  await page.getByLabel('Email').fill('charles@example.com')
  await page.getByLabel('Message').fill(unique('Sent without the island'))
  // A person's few seconds (sooner, the server files it as spam).
  await page.waitForTimeout(3_200)
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByRole('status')).toHaveText('Message sent successfully!')
  // The page the post answered with, a new document.
  await expect(page.getByLabel('Name')).toHaveValue('')
})
