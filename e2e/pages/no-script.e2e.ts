/**
 * Every public page with JavaScript turned off: it can be read, the
 * timeline's tabs work (links to the page with that tab selected), search is
 * a GET form, an image opens as the full file, a message can be sent (the
 * form submits to its page, which answers with the success text) and the
 * theme switch is a form that comes back in the next theme.
 */
import { publicPagePaths } from '../../scripts/site-pages'
import { allowUpTo, apiCreate, expect, expectNoAxeViolations, test, unique } from '../fixtures'

test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } })

test('the public pages are complete and usable without script', async ({
  page,
  request,
  token,
}) => {
  allowUpTo(120_000)
  const auth = { authorization: `Bearer ${token}` }
  const experience = unique('Scriptless Lab')
  const education = unique('Scriptless College')
  await apiCreate(request, token, '/api/timeline', {
    title: experience,
    start_date: 'Jan 2024',
    position: 'Engineer',
    description: ['Built things that work without script'],
    event_type: 'experience',
  })
  await apiCreate(request, token, '/api/timeline', {
    title: education,
    start_date: 'Sep 2022',
    position: 'Student',
    event_type: 'education',
  })
  const projectTitle = unique('Scriptless Project')
  const project = (await apiCreate(request, token, '/api/projects', {
    title: projectTitle,
    description: 'A project read without script.',
    long_description: 'Its long description.',
    image_urls: ['/profile.svg'],
    tags: ['Plain HTML'],
    is_featured: true,
  })) as { slug: string }
  const noteTitle = unique('Scriptless Note')
  const note = await request.post('/api/notes', {
    headers: auth,
    data: {
      title: noteTitle,
      summary: 'Read without script.',
      body: 'A paragraph.',
      status: 'published',
    },
  })
  expect(note.status()).toBe(201)
  const { slug: noteSlug } = (await note.json()) as { slug: string }

  // Every public page: its heading and its text, the frame, nothing still loading.
  for (const path of publicPagePaths({ project: project.slug, note: noteSlug })) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(200)
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Main' }), path).toBeVisible()
    await expect(page.getByText('Gathering data…'), path).toHaveCount(0)
    await expect(page.locator('footer'), path).toContainText('All rights reserved.')
  }
  await page.goto(`/projects/${project.slug}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(projectTitle)
  await expect(page.getByText('Tech Stack.')).toBeVisible()
  await page.goto(`/notes/${noteSlug}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(noteTitle)

  // The timeline's tabs: links that show the other list.
  await page.goto('/')
  const experiencePanel = page.getByRole('tabpanel', { name: 'Projects & Experience' })
  await expect(experiencePanel).toContainText(experience)
  await expect(page.getByText(education)).toBeHidden()
  await page.getByRole('tab', { name: 'Education' }).click()
  await expect(page).toHaveURL(/\/\?tab=education#timeline-title$/)
  await expect(page.getByRole('tab', { name: 'Education' })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await expect(page.getByRole('tabpanel', { name: 'Education' })).toContainText(education)
  await expect(page.getByText(experience)).toBeHidden()
  await page.getByRole('tab', { name: 'Projects & Experience' }).click()
  await expect(page.getByRole('tabpanel', { name: 'Projects & Experience' })).toContainText(
    experience,
  )

  // Search: the header's box is a GET form to /search.
  await page.getByRole('searchbox', { name: 'Search' }).first().fill(projectTitle)
  await page.getByRole('searchbox', { name: 'Search' }).first().press('Enter')
  await expect(page).toHaveURL(/\/search\?q=/)
  await expect(page.getByRole('link', { name: projectTitle }).first()).toBeVisible()

  // An image opens as the full file (the lightbox's link).
  await page.goto(`/projects/${project.slug}`)
  const opener = page.locator('main a[aria-haspopup="dialog"]').first()
  await expect(opener).toHaveAttribute('href', '/profile.svg')

  // A message: the form submits and the page answers with the success text.
  await page.goto('/contact-me')
  const name = unique('Scriptless Sender')
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Email').fill('scriptless@example.com')
  await page.getByLabel('Message').fill('Sent from a browser without script.')
  // The form token says when the form was served: a person takes a moment to write.
  await page.waitForTimeout(3_200)
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByRole('status')).toHaveText('Message sent successfully!')
  await expect(page.getByLabel('Name')).toHaveValue('')
  const inbox = await request.get('/api/contact', { headers: auth })
  const rows = (await inbox.json()) as { name: string; status: string }[]
  expect(rows.filter((row) => row.name === name)).toEqual([
    expect.objectContaining({ name, status: 'unread' }),
  ])
})

/**
 * Without script nothing sets <html data-theme>: the device's setting decides (design.css's
 * `dark` variant), on screen; a printed page is light. Code blocks follow it. axe needs
 * script, so the contrast is checked on the same pages with script on and `data-theme` taken
 * off <html> once loaded: the rules a page without script uses.
 */
for (const colorScheme of ['light', 'dark'] as const) {
  test(`without script a ${colorScheme} device gets the ${colorScheme} theme, and print is light`, async ({
    page,
    browser,
    request,
    token,
  }) => {
    allowUpTo(60_000)
    const project = (await apiCreate(request, token, '/api/projects', {
      title: unique('Scriptless Colours'),
      description: 'Read without script, in the device’s colours.',
      long_description: '```ts\nconst night: boolean = true // a comment\n```',
      tags: ['Plain HTML'],
    })) as { slug: string }
    const paths = ['/', `/projects/${project.slug}`]
    await page.emulateMedia({ colorScheme })
    for (const path of paths) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible()
      await expect(page.locator('html'), path).not.toHaveAttribute('data-theme', /./)
      await expect(page.locator('body'), path).toHaveCSS(
        'background-color',
        background[colorScheme],
      )
      await expect(page.locator('html'), path).toHaveCSS('color-scheme', colorScheme)
    }
    await expect(page.locator('.prose-md pre').first()).toHaveCSS(
      'background-color',
      codeBackground[colorScheme],
    )
    await page.emulateMedia({ media: 'print', colorScheme })
    await expect(page.locator('body')).toHaveCSS('background-color', background.light)

    const scripted = await browser.newContext({ colorScheme, javaScriptEnabled: true })
    const check = await scripted.newPage()
    for (const path of paths) {
      await check.goto(path)
      await check.waitForFunction(() => !('$_TSR' in window))
      // The whole stylesheet as a browser without script has it (its `<noscript>` link): with
      // script it is only fetched ahead, and the page's own rules are those of its themes.
      await check.evaluate(async () => {
        document.documentElement.removeAttribute('data-theme')
        const noscript = document.querySelector('noscript')?.textContent ?? ''
        const href = /href="([^"]+\.css)"/.exec(noscript)?.[1]
        if (!href) return
        const link = document.createElement('link')
        link.rel = 'stylesheet'
        link.href = href
        document.head.append(link)
        await new Promise((settle) => {
          link.onload = settle
          link.onerror = settle
        })
      })
      await expect(check.locator('body'), path).toHaveCSS(
        'background-color',
        background[colorScheme],
      )
      await expectNoAxeViolations(check, { rules: ['color-contrast'] })
    }
    await scripted.close()
  })
}

test('without script the theme switch posts and the same page comes back in the next theme, remembered', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto('/cv')
  const control = page.getByRole('banner').getByRole('button', { name: /^Theme:/ })
  await expect(control).toHaveAccessibleName('Theme: system. Switch to light')
  await control.click()
  await expect(control).toHaveAccessibleName('Theme: light. Switch to dark')
  await control.click()
  await expect(control).toHaveAccessibleName('Theme: dark. Switch to system')
  await expect(page).toHaveURL(/\/cv$/)
  await expect(page.locator('body')).toHaveCSS('background-color', background.dark)
  await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark')
  // Another page: the server renders it in the choice.
  await page.goto('/projects')
  await expect(page.locator('body')).toHaveCSS('background-color', background.dark)
  await control.click()
  await expect(control).toHaveAccessibleName('Theme: system. Switch to light')
  await expect(page).toHaveURL(/\/projects$/)
  await expect(page.locator('body')).toHaveCSS('background-color', background.light)
})

/** The themes' page backgrounds and code blocks' (design.css). */
const background = { light: 'rgb(248, 250, 252)', dark: 'rgb(2, 6, 23)' } as const
const codeBackground = { light: 'rgb(246, 248, 250)', dark: 'rgb(13, 17, 23)' } as const
