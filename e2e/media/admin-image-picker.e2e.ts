import { apiCreate, apiUpload, dropFiles, expect, hydrated, test, unique } from '../fixtures'
import { pngFile as png, sha256 } from '../support/png'

/** `sizes` of a project page's main image (client/lib/responsive-image.ts). */
const pageSizes = '(min-width:704px) 656px,(min-width:640px) calc(100vw - 3rem),calc(100vw - 2rem)'

test('upload two images, attach them to a project with the picker, reorder by mouse and keyboard, and see them on its page', async ({
  adminPage: page,
  request,
}) => {
  // Two images dropped on the media library.
  const wide = png('wide.png', 1000, 560)
  const small = png('small.png', 640, 400)
  const [wideHash, smallHash] = [sha256(wide.bytes), sha256(small.bytes)]
  await page.goto('/admin/media')
  await dropFiles(page.locator('[data-dropzone]'), [wide, small])
  await expect(page.getByRole('status').filter({ hasText: '2 images uploaded.' })).toBeVisible()

  // A new project; its images come from the library.
  const title = unique('Picked Pictures')
  await page.getByRole('link', { name: 'Dashboard' }).click()
  await page.getByRole('link', { name: 'Add Project' }).click()
  await page.getByLabel('Title', { exact: true }).fill(title)
  await page.getByLabel('Short Description').fill('Images from the library.')
  await page.getByLabel('Long Description').fill('Chosen, reordered and saved.')

  // The images' own (the form's first; Search and sharing has one for its share image).
  const opener = page.getByRole('button', { name: 'Choose from library' }).first()
  await opener.click()
  const dialog = page.getByRole('dialog', { name: 'Choose images' })
  await expect(dialog).toBeVisible()
  // Keyboard: the thumbnails are toggle buttons, selected in order.
  const wideButton = dialog.getByRole('button', { name: `${wideHash}.jpg` })
  const smallButton = dialog.getByRole('button', { name: `${smallHash}.jpg` })
  await wideButton.focus()
  await page.keyboard.press('Space')
  await expect(wideButton).toHaveAttribute('aria-pressed', 'true')
  await smallButton.focus()
  await page.keyboard.press('Enter')
  await expect(smallButton).toHaveAttribute('aria-pressed', 'true')
  await dialog.getByRole('button', { name: 'Add 2 images' }).click()
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()

  const field = page.getByLabel('Image URLs (comma-separated)')
  await expect(field).toHaveValue(`/media/${wideHash}.jpg\n/media/${smallHash}.jpg`)
  const order = page.getByRole('list', { name: /^Images, in order/ })
  await expect(order.getByRole('listitem')).toHaveCount(2)
  await expect(order.getByRole('listitem').nth(0)).toContainText(wideHash)

  const rows = order.getByRole('listitem')
  const expectOrder = async (first: string, second: string) => {
    await expect(field).toHaveValue(`/media/${first}.jpg\n/media/${second}.jpg`)
    await expect(rows.nth(0)).toContainText(first)
    await expect(rows.nth(1)).toContainText(second)
  }

  // With the mouse: drag the second image's handle above the first.
  await order.scrollIntoViewIfNeeded()
  const handle = await order.getByRole('button', { name: 'Move image 2' }).boundingBox()
  const firstRow = await rows.nth(0).boundingBox()
  if (!handle || !firstRow) throw new Error('no layout')
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2)
  await page.mouse.down()
  await page.mouse.move(handle.x + handle.width / 2, firstRow.y + 4, { steps: 12 })
  await page.mouse.up()
  await expectOrder(smallHash, wideHash)

  // With the keyboard: pick up, arrow, drop (announced); up, then down again.
  const announced = (text: string) =>
    expect(page.getByRole('status').filter({ hasText: text })).toBeAttached()
  const moveByKeyboard = async (
    handleName: string,
    pickUp: string,
    arrow: string,
    over: string,
  ) => {
    const button = order.getByRole('button', { name: handleName })
    // The rows render again after a drop; a key pressed on the row being replaced
    // is lost, so the pick-up is pressed again until the handle shows it.
    await expect(async () => {
      if ((await button.getAttribute('aria-pressed')) !== 'true') {
        await button.focus()
        await page.keyboard.press(pickUp)
      }
      await expect(button).toHaveAttribute('aria-pressed', 'true', { timeout: 1_000 })
    }).toPass({ timeout: 10_000 })
    // dnd-kit measures the rows after the pick-up; an arrow pressed before
    // that finds nowhere to go (a person is never that fast). With two
    // images, pressing it again cannot overshoot.
    await expect(async () => {
      await page.keyboard.press(arrow)
      await expect(page.getByRole('status').filter({ hasText: over })).toBeAttached({
        timeout: 1_000,
      })
    }).toPass({ timeout: 10_000 })
  }
  await moveByKeyboard('Move image 2', 'Space', 'ArrowUp', 'Image 2 is over position 1.')
  await page.keyboard.press('Space')
  await announced('Image 2 was dropped at position 1.')
  await expectOrder(wideHash, smallHash)
  await moveByKeyboard('Move image 1', 'Enter', 'ArrowDown', 'Image 1 is over position 2.')
  await page.keyboard.press('Enter')
  await announced('Image 1 was dropped at position 2.')
  await expectOrder(smallHash, wideHash)

  // A pasted external URL still counts, after the uploads; Remove takes one out.
  await field.fill(`${await field.inputValue()}\nhttps://example.com/external.png`)
  await expect(order.getByRole('listitem')).toHaveCount(3)
  await order
    .getByRole('listitem')
    .filter({ hasText: 'https://example.com/external.png' })
    .getByRole('button', { name: 'Remove' })
    .click()
  await expect(field).toHaveValue(`/media/${smallHash}.jpg\n/media/${wideHash}.jpg`)

  await page.getByLabel('Published').check()
  await page.getByRole('button', { name: 'Save Project' }).click()
  await expect(page).toHaveURL(/\/admin$/)

  const list = (await (await request.get('/api/projects')).json()) as {
    title: string
    slug: string
    image_urls: string[]
  }[]
  const saved = list.find((project) => project.title === title)
  expect(saved?.image_urls).toEqual([`/media/${smallHash}.jpg`, `/media/${wideHash}.jpg`])

  // The project page: the first image as the cover <picture>, fetched first, with its size and
  // variants; the second in the gallery below, loaded lazily.
  const html = await (await request.get(`/projects/${saved?.slug}`)).text()
  // Server-rendered with its placeholder as the background until it loads.
  expect(html).toMatch(/style="background-image:url\(&quot;data:image\/webp;base64,/)
  await page.goto(`/projects/${saved?.slug}`)
  await hydrated(page)
  await expect(page.getByRole('main').locator('picture')).toHaveCount(2)
  const gallery = page.getByRole('region', { name: 'Gallery.' })
  await expect(gallery.locator('picture')).toHaveCount(1)
  await expect(gallery.getByRole('img', { name: `Screenshot 2 of ${title}` })).toHaveAttribute(
    'loading',
    'lazy',
  )
  const picture = page.getByRole('main').locator('picture').first()
  const source = picture.locator('source')
  await expect(source).toHaveAttribute('type', 'image/webp')
  await expect(source).toHaveAttribute(
    'srcset',
    `/media/${smallHash}-320.webp 320w, /media/${smallHash}-640.webp 640w`,
  )
  await expect(source).toHaveAttribute('sizes', pageSizes)
  const img = picture.getByRole('img', { name: `Screenshot of ${title}` })
  await expect(img).toHaveAttribute('src', `/media/${smallHash}.jpg`)
  await expect(img).toHaveAttribute('width', '640')
  await expect(img).toHaveAttribute('height', '400')
  await expect(img).toHaveAttribute('fetchpriority', 'high')
  await expect(img).not.toHaveAttribute('loading', 'lazy')
  await expect(img).toHaveAttribute('decoding', 'async')
  await expect
    .poll(() => img.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0)
  // The browser took a WebP variant; once loaded, the placeholder background is gone.
  expect(await img.evaluate((element: HTMLImageElement) => element.currentSrc)).toMatch(
    new RegExp(`/media/${smallHash}-(320|640)\\.webp$`),
  )
  await expect(img).not.toHaveAttribute('style', /background-image/)

  // On the projects list, the first card's image is fetched first (it is in view on a
  // phone: the page's largest paint); every other card's is lazy.
  await page.goto('/projects')
  const cardImages = page.getByRole('article').getByRole('img')
  await expect(cardImages.first()).toHaveAttribute('fetchpriority', 'high')
  await expect(cardImages.first()).not.toHaveAttribute('loading', 'lazy')
  const later = await cardImages.evaluateAll((images) =>
    images
      .slice(1)
      .map((image) => [image.getAttribute('loading'), image.getAttribute('fetchpriority')]),
  )
  expect(later.every(([loading, priority]) => loading === 'lazy' && priority === null)).toBe(true)
  const cardImage = page
    .getByRole('article')
    .filter({ hasText: title })
    .getByRole('img', { name: `Preview of ${title}` })
  await cardImage.scrollIntoViewIfNeeded()
  await expect
    .poll(() => cardImage.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0)

  // The second image, too, is stored and loads.
  const second = await request.get(`/media/${wideHash}-640.webp`)
  expect(second.status()).toBe(200)
  expect(second.headers()['content-type']).toBe('image/webp')
})

test('the timeline form’s icon: chosen from the library, previewed, removable; a pasted URL still works', async ({
  adminPage: page,
  request,
  token,
}) => {
  const icon = await apiUpload(request, token, png('icon.png', 256, 256), unique('Company logo'))
  await page.goto('/admin/timeline/new')
  await page.getByLabel('Title', { exact: true }).fill(unique('Icon job'))
  await page.getByLabel('Start Date').fill('Jan 2024')

  await page.getByRole('button', { name: 'Choose from library' }).click()
  const dialog = page.getByRole('dialog', { name: 'Choose an image' })
  await dialog.getByRole('button', { name: icon.alt }).click()
  await dialog.getByRole('button', { name: 'Use this image' }).click()
  const field = page.getByLabel('Icon URL')
  await expect(field).toHaveValue(icon.url)
  const preview = page.getByRole('list', { name: 'Preview' })
  await expect(preview).toContainText(icon.url)
  await preview.getByRole('button', { name: 'Remove' }).click()
  await expect(field).toHaveValue('')
  await expect(preview).toHaveCount(0)

  // Escape closes the dialog without choosing.
  await page.getByRole('button', { name: 'Choose from library' }).click()
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(field).toHaveValue('')

  await field.fill('https://example.com/logo.png')
  await expect(preview).toContainText('https://example.com/logo.png')
  await page.getByRole('button', { name: 'Save Event' }).click()
  await expect(page).toHaveURL(/\/admin$/)
})

test('an image uploaded in place from the project form is added to its images', async ({
  adminPage: page,
  request,
  token,
}) => {
  const project = await apiCreate(request, token, '/api/projects', {
    title: unique('Upload In Place'),
    description: 'Short.',
    long_description: 'Long.',
    image_urls: ['https://example.com/first.png'],
  })
  const file = png('in-place.png', 480, 300)
  await page.goto(`/admin/projects/edit/${project.id}`)
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Upload images' }).click()
  await (await chooser).setFiles({ name: file.name, mimeType: file.type, buffer: file.bytes })
  const field = page.getByLabel('Image URLs (comma-separated)')
  await expect(field).toHaveValue(`https://example.com/first.png\n/media/${sha256(file.bytes)}.jpg`)
  await page.getByRole('button', { name: 'Save Project' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  const saved = await (await request.get(`/api/projects/${project.slug}`)).json()
  expect(saved.image_urls).toEqual([
    'https://example.com/first.png',
    `/media/${sha256(file.bytes)}.jpg`,
  ])
  // The public answer describes the upload, and says null for the external URL.
  expect(saved.images[0]).toBeNull()
  expect(saved.images[1]).toMatchObject({ width: 480, height: 300 })
})
