import { apiCreate, expect, test, unique } from '../fixtures'

test.describe('projects', () => {
  test('My Projects lists every project as a card: three a row from 1200 px, two below', async ({
    page,
    request,
    token,
  }) => {
    const first = unique('Card Alpha')
    const second = unique('Card Beta')
    const a = await apiCreate(request, token, '/api/projects', {
      title: first,
      description: 'The first card.',
      long_description: 'Long.',
      image_urls: ['/profile.svg', '/favicon.svg'],
      tags: ['TypeScript', 'Bun'],
    })
    await apiCreate(request, token, '/api/projects', {
      title: second,
      description: 'The second card, with no image.',
      long_description: 'Long.',
    })

    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto('/projects')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Projects.')

    const cardA = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: first }) })
    const image = cardA.getByRole('img', { name: `Preview of ${first}` })
    await expect(image).toHaveAttribute('src', '/profile.svg')
    await expect(image).toHaveAttribute('width', /\d+/)
    await expect(image).toHaveAttribute('height', /\d+/)
    await expect(cardA.getByRole('heading', { level: 2 })).toHaveText(first)
    await expect(cardA.getByText('The first card.', { exact: true })).toBeVisible()
    await expect(cardA.getByRole('listitem')).toHaveText(['TypeScript', 'Bun'])
    // Only the first image is shown on the card.
    await expect(cardA.getByRole('img')).toHaveCount(1)

    const cardB = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: second }) })
    await expect(cardB.getByText('The second card, with no image.')).toBeVisible()
    await expect(cardB.getByRole('img')).toHaveCount(0)

    // The page frame's width (1200 px less its padding): three columns of cards from
    // 1200 px, two from the small breakpoint up.
    const list = page.getByRole('main').getByRole('list').first()
    const columnsOf = () =>
      list.evaluate((element) => getComputedStyle(element).gridTemplateColumns.split(' ').length)
    await page.setViewportSize({ width: 1280, height: 800 })
    expect((await list.boundingBox())?.width).toBe(1152)
    expect(await columnsOf()).toBe(3)
    await page.setViewportSize({ width: 1000, height: 800 })
    expect(await columnsOf()).toBe(2)

    // A click anywhere on the card (not only the title) opens the project.
    await cardA.click({ position: { x: 24, y: 24 } })
    await expect(page).toHaveURL(new RegExp(`/projects/${a.slug}$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first)
  })

  test('cards stack in one column on a phone', async ({ page, request, token }) => {
    const title = unique('Phone Card')
    await apiCreate(request, token, '/api/projects', {
      title,
      description: 'Seen on a small screen.',
      long_description: 'Long.',
      image_urls: ['/profile.svg'],
      tags: ['a-rather-long-tag-name', 'CSS'],
    })
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto('/projects')
    await expect(page.getByRole('heading', { name: title })).toBeVisible()
    const columns = await page
      .getByRole('main')
      .getByRole('list')
      .first()
      .evaluate((element) => getComputedStyle(element).gridTemplateColumns.split(' ').length)
    expect(columns).toBe(1)
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(scrollWidth).toBeLessThanOrEqual(360)
  })

  test('the detail page shows the title, first image, tech stack, description, gallery and website', async ({
    page,
    request,
    token,
  }) => {
    const title = unique('Detail Engine')
    const project = await apiCreate(request, token, '/api/projects', {
      title,
      description: 'Short text.',
      long_description: 'The whole story of the engine.\nIt computes Bernoulli numbers.',
      website_url: 'https://example.com/engine',
      image_urls: ['/profile.svg', '/favicon.svg'],
      tags: ['React', 'Node.js', 'SQL'],
    })

    await page.goto('/projects')
    await page.getByRole('link', { name: title }).click()
    await expect(page).toHaveURL(new RegExp(`/projects/${project.slug}$`))

    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(title)
    await expect(page).toHaveTitle(`${title} · Projects`)
    const image = main.getByRole('img', { name: `Screenshot of ${title}` })
    await expect(image).toHaveAttribute('src', '/profile.svg')
    await expect(image).toHaveAttribute('width', '704')
    // The cover, then every other image in the gallery, each named by its alt text.
    await expect(main.getByRole('img')).toHaveCount(2)
    await expect(
      main
        .getByRole('region', { name: 'Gallery.' })
        .getByRole('img', { name: `Screenshot 2 of ${title}` }),
    ).toHaveAttribute('src', '/favicon.svg')

    const stack = main.getByRole('region', { name: 'Tech Stack.' })
    await expect(stack.getByRole('heading', { level: 2 })).toHaveText('Tech Stack.')
    await expect(stack.getByRole('listitem')).toHaveText(['React', 'Node.js', 'SQL'])

    const description = main.getByRole('region', { name: 'Description.' })
    await expect(description.getByRole('heading', { level: 2 })).toHaveText('Description.')
    await expect(description).toContainText('The whole story of the engine.')
    await expect(description).toContainText('It computes Bernoulli numbers.')

    const website = main.getByRole('region', { name: 'Visit Website.' })
    await expect(website.getByRole('heading', { level: 2 })).toHaveText('Visit Website.')
    const link = website.getByRole('link')
    await expect(link).toHaveAttribute('href', 'https://example.com/engine')
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    await expect(link).toHaveAccessibleName('example.com/engine (opens in a new tab)')

    await main.getByRole('link', { name: 'All projects' }).click()
    await expect(page).toHaveURL(/\/projects$/)
  })

  test('without a website URL there is no Visit Website. section', async ({
    page,
    request,
    token,
  }) => {
    const title = unique('No Site Loom')
    const project = await apiCreate(request, token, '/api/projects', {
      title,
      description: 'Short.',
      long_description: 'Only a description.',
      tags: [],
    })
    await page.goto(`/projects/${project.slug}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
    await expect(page.getByRole('heading', { name: 'Tech Stack.' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Description.' })).toBeVisible()
    await expect(page.getByText('Only a description.')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Visit Website.' })).toHaveCount(0)
    await expect(page.locator('main a[target="_blank"]')).toHaveCount(0)
  })

  test('an unknown slug shows the 404 page', async ({ page }) => {
    await page.goto(`/projects/${unique('no such project').replaceAll(' ', '-')}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found.' })).toBeVisible()
    await expect(
      page.getByText('Sorry, the page you are looking for does not exist.', { exact: true }),
    ).toBeVisible()
    await expect(page.getByRole('contentinfo')).toContainText('Ada Lovelace')
    await page.getByRole('link', { name: 'Go back home' }).click()
    await expect(page).toHaveURL(/\/$/)
  })

  test('a former slug moves to the project’s current address', async ({ page, request, token }) => {
    const before = unique('Renamed Before')
    const after = unique('Renamed After')
    const project = await apiCreate(request, token, '/api/projects', {
      title: before,
      description: 'Short.',
      long_description: 'Long.',
    })
    const update = await request.put(`/api/projects/${project.id}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { title: after, description: 'Short.', long_description: 'Long.' },
    })
    expect(update.status()).toBe(200)
    const updated = await update.json()
    expect(updated.slug).not.toBe(project.slug)

    await page.goto(`/projects/${project.slug}`)
    await expect(page).toHaveURL(new RegExp(`/projects/${updated.slug}$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(after)
  })
})
