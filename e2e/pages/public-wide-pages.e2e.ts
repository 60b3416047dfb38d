/**
 * The public pages at the width of a laptop: the home page's content takes
 * the wide column, a project without an image shows its generated cover (on
 * its card and its page), a project page reads as a case study whose images
 * open in a lightbox a keyboard can drive.
 */
import { apiCreate, expect, expectNoAxeViolations, hydrated, test, unique } from '../fixtures'

test.use({ viewport: { width: 1280, height: 800 } })

test('at 1280 px the home page’s content is at least 960 px wide, hero in two columns', async ({
  page,
  request,
  token,
}) => {
  await apiCreate(request, token, '/api/projects', {
    title: unique('Wide Featured'),
    description: 'A featured project for the wide home page.',
    long_description: 'Long.',
    is_featured: true,
  })
  await page.goto('/')
  await hydrated(page)
  const main = page.getByRole('main')
  const intro = main.getByRole('region', { name: "Hi, I'm Ada Lovelace!" })
  const introBox = await intro.boundingBox()
  expect(introBox?.width).toBeGreaterThanOrEqual(960)
  // Two columns: the photo beside the headline, not under it.
  const photo = await intro.getByRole('img', { name: 'Portrait of Ada Lovelace' }).boundingBox()
  const headline = await intro.getByRole('heading', { level: 1 }).boundingBox()
  expect(photo && headline && photo.x > headline.x + headline.width).toBe(true)
  const featured = await main.getByRole('region', { name: 'Featured Projects.' }).boundingBox()
  expect(featured?.width).toBeGreaterThanOrEqual(960)
  await expectNoAxeViolations(page)
})

test('a project without an image has a generated cover on its card and on its page', async ({
  page,
  request,
  token,
}) => {
  const title = unique('Coverless')
  const project = await apiCreate(request, token, '/api/projects', {
    title,
    description: 'No image of its own.',
    long_description: 'Long.',
    tags: ['Generated'],
  })
  const covers: { url: string; status: number; type: string }[] = []
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/covers/')) {
      covers.push({
        url: response.url(),
        status: response.status(),
        type: response.headers()['content-type'] ?? '',
      })
    }
  })

  await page.goto('/projects')
  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: title }) })
  const cardCover = card.locator('img[src^="/covers/"]')
  await expect(cardCover).toHaveAttribute(
    'src',
    new RegExp(`^/covers/projects/${project.slug}\\.svg\\?v=[0-9a-f]{8}$`),
  )
  // Decorative (the card says the title and tags), sized: no layout shift.
  await expect(cardCover).toHaveAttribute('alt', '')
  await expect(cardCover).toHaveAttribute('width', '1280')
  await expect(cardCover).toHaveAttribute('height', '720')
  await cardCover.scrollIntoViewIfNeeded()
  await expect(cardCover).toHaveJSProperty('complete', true)
  expect(await cardCover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1280)

  await page.goto(`/projects/${project.slug}`)
  const pageCover = page.getByRole('main').locator('img[src^="/covers/"]')
  await expect(pageCover).toBeVisible()
  await expect(pageCover).toHaveJSProperty('complete', true)
  expect(await pageCover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1280)
  expect(covers.length).toBeGreaterThan(0)
  for (const cover of covers) {
    expect(cover.status, cover.url).toBeLessThan(400)
    if (cover.status === 200) expect(cover.type).toContain('image/svg+xml')
  }
  await expectNoAxeViolations(page)
})

test('a project page as a case study: facts beside the body; images open in a lightbox by keyboard', async ({
  page,
  request,
  token,
}) => {
  const title = unique('Case Study')
  const project = await apiCreate(request, token, '/api/projects', {
    title,
    description: 'A project with pictures.',
    long_description: 'The whole story.',
    image_urls: ['/profile.svg', '/favicon.svg'],
    tags: ['React'],
    role: 'Lead developer',
    period: '2024 – 2025',
    website_url: 'https://example.com/case',
  })
  await page.goto(`/projects/${project.slug}`)
  await hydrated(page)
  const main = page.getByRole('main')
  const facts = main.getByRole('complementary', { name: 'Project facts' })
  await expect(facts.getByText('Lead developer')).toBeVisible()
  await expect(facts.getByText('2024 – 2025')).toBeVisible()
  await expect(facts.getByRole('region', { name: 'Tech Stack.' })).toBeVisible()
  await expect(facts.getByRole('region', { name: 'Visit Website.' })).toBeVisible()
  // Beside the description, on its right.
  const factsBox = await facts.boundingBox()
  const description = await main.getByRole('region', { name: 'Description.' }).boundingBox()
  expect(factsBox && description && factsBox.x >= description.x + description.width).toBe(true)

  const opener = main.getByRole('link', { name: `Screenshot 2 of ${title}` })
  await opener.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Image viewer' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('img', { name: `Screenshot 2 of ${title}` })).toBeVisible()
  // The focus is inside the dialog; the arrows step through the images.
  await expect(dialog.getByRole('button', { name: 'Previous' })).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(dialog.getByRole('img', { name: `Screenshot of ${title}` })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()
  // The page did not follow the link to the file.
  await expect(page).toHaveURL(new RegExp(`/projects/${project.slug}$`))

  // The Close button too, and the cover opens it as well.
  const cover = main.getByRole('link', { name: `Screenshot of ${title}` })
  await cover.focus()
  await page.keyboard.press('Enter')
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
  await expect(cover).toBeFocused()
})
