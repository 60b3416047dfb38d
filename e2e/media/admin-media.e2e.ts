import type { Page } from '@playwright/test'
import {
  answerConfirm,
  apiCreate,
  apiUpload,
  dropFiles,
  expect,
  expectNoAxeViolations,
  type TestFile,
  test,
  unique,
} from '../fixtures'
import { pictures } from '../support/pictures'
import { pngFile as png, sha256 } from '../support/png'

/** The stored image's file name: an opaque PNG is kept as a JPEG named by the upload's hash. */
const storedName = (file: TestFile) => `${sha256(file.bytes)}.jpg`

/** An image's card in the library, found by its file name. */
const card = (page: Page, name: string) => page.getByRole('listitem').filter({ hasText: name })

test('images dropped on the library upload with a progress bar each, then appear in the grid', async ({
  adminPage: page,
  request,
  token,
}) => {
  const harbour = png('harbour.png', 900, 600)
  const lighthouse = png('lighthouse.png', 480, 320)
  const files = [harbour, lighthouse]
  await page.goto('/admin')
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Media' }).click()
  await expect(page).toHaveURL(/\/admin\/media$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Media Library.' })).toBeVisible()

  // Hold the uploads at the server's door, to see them in progress.
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/api/media', async (route) => {
    await held
    await route.continue()
  })
  await dropFiles(page.locator('[data-dropzone]'), files)
  const uploads = page.getByRole('list', { name: 'Uploads' })
  for (const file of files) {
    await expect(uploads.getByRole('progressbar', { name: file.name })).toBeVisible()
  }
  release()

  await expect(page.getByRole('status').filter({ hasText: '2 images uploaded.' })).toBeVisible()
  await expect(uploads.getByRole('listitem')).toHaveText([
    /harbour\.png.*Uploaded\./,
    /lighthouse\.png.*Uploaded\./,
  ])

  const stored = (await (
    await request.get('/api/media', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { url: string; width: number; height: number }[]
  for (const [file, size] of [
    [harbour, '900 × 600 px'],
    [lighthouse, '480 × 320 px'],
  ] as const) {
    const name = storedName(file)
    expect(stored.some((image) => image.url === `/media/${name}`)).toBe(true)
    const item = card(page, name)
    await expect(item).toContainText(size)
    // The thumbnail is the smallest WebP variant, and it loads.
    // No alt text yet: a decorative image to assistive technology.
    const thumbnail = item.locator('img')
    await expect(thumbnail).toHaveAttribute('src', `/media/${sha256(file.bytes)}-320.webp`)
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(320)
  }
})

test('the keyboard way: Choose images opens the file chooser', async ({ adminPage: page }) => {
  const file = png('keyboard.png', 400, 300)
  await page.goto('/admin/media')
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Choose images' }).press('Enter')
  await (await chooser).setFiles({ name: file.name, mimeType: file.type, buffer: file.bytes })
  await expect(page.getByRole('status').filter({ hasText: '1 image uploaded.' })).toBeVisible()
  await expect(card(page, storedName(file))).toBeVisible()
})

test('a refused file shows the server’s reason next to it', async ({ adminPage: page }) => {
  await page.goto('/admin/media')
  await dropFiles(page.locator('[data-dropzone]'), [
    {
      name: 'drawing.svg',
      type: 'image/svg+xml',
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    },
    png('fine.png', 320, 200),
  ])
  const uploads = page.getByRole('list', { name: 'Uploads' })
  const refused = uploads.getByRole('listitem').filter({ hasText: 'drawing.svg' })
  await expect(refused.getByRole('alert')).toHaveText(
    'The file is not an image we accept: upload a JPEG, PNG, WebP, AVIF or GIF image (SVG, PDF and other files are refused).',
  )
  await expect(refused).toContainText('Not uploaded.')
  await expect(uploads.getByRole('listitem').filter({ hasText: 'fine.png' })).toContainText(
    'Uploaded.',
  )

  // Too large: refused in the browser, before anything is sent.
  await page.evaluate(() => {
    const big = new File([new Uint8Array(15 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' })
    const transfer = new DataTransfer()
    transfer.items.add(big)
    const zone = document.querySelector('[data-dropzone]')
    zone?.dispatchEvent(
      new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }),
    )
  })
  const huge = uploads.getByRole('listitem').filter({ hasText: 'huge.png' })
  await expect(huge.getByRole('alert')).toHaveText(/too large.*15 MB/)

  await huge.getByRole('button', { name: 'Dismiss' }).click()
  await expect(huge).toHaveCount(0)
})

test('a file over 15 MB chosen in the media screen is refused at once: a message, no request', async ({
  adminPage: page,
}) => {
  await page.goto('/admin/media')
  await expect(page.getByRole('button', { name: 'Choose images' })).toBeVisible()
  const sent: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/media' && request.method() === 'POST') {
      sent.push(request.url())
    }
  })
  // The chooser's answer, made in the page: 20 MB sent over the browser protocol is slow.
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Choose images' }).click()
  const input = (await chooser).element()
  await input.evaluate((element) => {
    const transfer = new DataTransfer()
    transfer.items.add(
      new File([new Uint8Array(20 * 1024 * 1024)], 'holiday.jpg', { type: 'image/jpeg' }),
    )
    const field = element as HTMLInputElement
    field.files = transfer.files
    field.dispatchEvent(new Event('change', { bubbles: true }))
  })
  const row = page
    .getByRole('list', { name: 'Uploads' })
    .getByRole('listitem')
    .filter({ hasText: 'holiday.jpg' })
  await expect(row.getByRole('alert')).toHaveText(
    'The image is too large (20 MB): the limit is 15 MB. Make it smaller (export it at a lower size or quality) and try again.',
  )
  await expect(row).toContainText('Not uploaded.')
  await expectNoAxeViolations(page)
  await pictures(page, 'admin-media/too-large', { schemes: ['light'], fullPage: true })
  expect(sent).toEqual([])
})

test('alt text is edited in place and the URL copied', async ({
  adminPage: page,
  request,
  token,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const file = png('alt.png', 400, 300)
  const image = await apiUpload(request, token, file)
  await page.goto('/admin/media')
  const item = card(page, storedName(file))

  const alt = unique('A harbour at dusk')
  await item.getByLabel('Alt text').fill(alt)
  await item.getByRole('button', { name: 'Save alt text' }).click()
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Alt text saved.')
  await expect(item.getByRole('img', { name: alt })).toBeVisible()
  const list = (await (
    await request.get('/api/media', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { id: number; alt: string }[]
  expect(list.find((entry) => entry.id === image.id)?.alt).toBe(alt)

  await item.getByRole('button', { name: 'Copy URL' }).click()
  await expect(item.getByRole('button', { name: 'Copied!' })).toBeVisible()
  await expect(
    item.getByRole('status').filter({ hasText: `URL copied: ${image.url}` }),
  ).toBeAttached()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(image.url)
})

test('deleting an image asks first; one in use is refused with the sentence naming where', async ({
  adminPage: page,
  request,
  token,
}) => {
  const used = png('used.png', 400, 300)
  const free = png('free.png', 400, 300)
  const usedImage = await apiUpload(request, token, used)
  await apiUpload(request, token, free)
  const title = unique('Gallery')
  await apiCreate(request, token, '/api/projects', {
    title,
    description: 'Uses an upload.',
    long_description: 'Long.',
    image_urls: [usedImage.url],
  })
  await page.goto('/admin/media')

  const questions: string[] = []
  const usedCard = card(page, storedName(used))
  await usedCard.getByRole('button', { name: 'Delete' }).click()
  questions.push(await answerConfirm(page, true))
  await expect(usedCard.getByRole('alert')).toHaveText(
    `This image is still used by the project "${title}": remove it there first, then delete it.`,
  )
  expect(questions).toEqual(['Are you sure you want to delete this image?'])
  await expect(usedCard).toBeVisible()

  const freeCard = card(page, storedName(free))
  await freeCard.getByRole('button', { name: 'Delete' }).click()
  await answerConfirm(page, true)
  await expect(freeCard).toHaveCount(0)
  // A delete that went through clears the last failure.
  await expect(page.getByRole('alert')).toHaveCount(0)
})
