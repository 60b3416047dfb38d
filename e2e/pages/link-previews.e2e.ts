/**
 * Link previews as LinkedIn, Slack or X build them: the page's head names
 * an absolute PNG of 1200 × 630 with its size, type and alt text, and that
 * image loads (the server draws it: server/http/surfaces/og.ts).
 */
import type { Page } from '@playwright/test'
import { apiCreate, apiUpload, expect, test, unique } from '../fixtures'
import { pngFile, pngSize } from '../support/png'

/** What a previewer reads from the head. */
async function previewTags(page: Page) {
  const meta = async (key: string) =>
    page.locator(`meta[property="${key}"], meta[name="${key}"]`).first().getAttribute('content')
  return {
    image: (await meta('og:image')) ?? '',
    type: await meta('og:image:type'),
    width: await meta('og:image:width'),
    height: await meta('og:image:height'),
    alt: await meta('og:image:alt'),
    card: await meta('twitter:card'),
    twitterImage: await meta('twitter:image'),
    url: (await meta('og:url')) ?? '',
  }
}

/** The card fetched as a previewer does, and drawn by the browser. */
async function expectCardLoads(page: Page, imageUrl: string) {
  // The server answers at its own address whatever SITE_URL says: fetch the path.
  const { pathname, search } = new URL(imageUrl)
  const response = await page.request.get(`${pathname}${search}`)
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('image/png')
  expect(pngSize(await response.body())).toEqual({ width: 1200, height: 630 })
  const drawn = await page.evaluate(async (src) => {
    const image = new Image()
    image.src = src
    await image.decode()
    return { width: image.naturalWidth, height: image.naturalHeight }
  }, `${pathname}${search}`)
  expect(drawn).toEqual({ width: 1200, height: 630 })
}

test('the home page names its card: an absolute 1200 × 630 PNG that loads', async ({ page }) => {
  await page.goto('/')
  const tags = await previewTags(page)
  expect(tags.image).toMatch(/^https?:\/\/[^/]+\/og\/home\.png\?v=[0-9a-f]{8}$/)
  expect(tags.url).toMatch(/^https?:\/\/[^/]+\/$/)
  expect(new URL(tags.image).origin).toBe(new URL(tags.url).origin)
  expect(tags).toMatchObject({
    type: 'image/png',
    width: '1200',
    height: '630',
    alt: "Ada Lovelace: Hi, I'm Ada Lovelace!",
    card: 'summary_large_image',
    twitterImage: tags.image,
  })
  await expectCardLoads(page, tags.image)
})

test('a project page with an uploaded image names its own card, which loads', async ({
  page,
  request,
  token,
}) => {
  const image = await apiUpload(request, token, pngFile('preview.png', 1280, 720), 'A preview')
  const title = unique('Preview Project')
  const project = await apiCreate(request, token, '/api/projects', {
    title,
    description: 'A project shared on LinkedIn.',
    long_description: 'Long text.',
    image_urls: [image.url],
    tags: ['TypeScript', 'Bun'],
  })
  await page.goto(`/projects/${project.slug}`)
  const tags = await previewTags(page)
  expect(tags.image).toMatch(
    new RegExp(`^https?://[^/]+/og/projects/${project.slug}\\.png\\?v=[0-9a-f]{8}$`),
  )
  expect(tags).toMatchObject({
    type: 'image/png',
    width: '1200',
    height: '630',
    alt: title,
    card: 'summary_large_image',
    twitterImage: tags.image,
  })
  await expectCardLoads(page, tags.image)
})
