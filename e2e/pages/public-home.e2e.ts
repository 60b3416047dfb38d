import { apiCreate, expect, hydrated, test, unique } from '../fixtures'

test.describe('home page', () => {
  test('the intro shows the photo at 175×175, the headline and the owner lines', async ({
    page,
  }) => {
    await page.goto('/')
    const intro = page.getByRole('region', { name: "Hi, I'm Ada Lovelace!" })
    await expect(intro.getByRole('heading', { level: 1 })).toHaveText("Hi, I'm Ada Lovelace!")

    const photo = intro.getByRole('img', { name: 'Portrait of Ada Lovelace' })
    await expect(photo).toHaveAttribute('width', '175')
    await expect(photo).toHaveAttribute('height', '175')
    await expect(photo).toHaveJSProperty('complete', true)
    const box = await photo.boundingBox()
    expect(box?.width).toBe(175)
    expect(box?.height).toBe(175)

    const age = new Date().getFullYear() - 2003
    await expect(intro.getByText(`I'm ${age} years old.`, { exact: true })).toBeVisible()
    await expect(
      intro.getByText("I'm a Computer Science major at Analytical University.", { exact: true }),
    ).toBeVisible()
    await expect(
      intro.getByText('My focus is on fullstack development with React, Node.js and SQL.', {
        exact: true,
      }),
    ).toBeVisible()
    await expect(
      intro.getByText("I'm currently pursuing a minor in Cybersecurity and Mathematics.", {
        exact: true,
      }),
    ).toBeVisible()
  })

  test('the photo stays 175×175 on a 360 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto('/')
    const photo = page.getByRole('img', { name: 'Portrait of Ada Lovelace' })
    await expect(photo).toBeVisible()
    const box = await photo.boundingBox()
    expect(box?.width).toBe(175)
    expect(box?.height).toBe(175)
    // Nothing overflows the phone's width.
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(scrollWidth).toBeLessThanOrEqual(360)
  })

  test('the social toolbar links LinkedIn and GitHub in a new tab and mails the owner', async ({
    page,
  }) => {
    await page.goto('/')
    const social = page.getByRole('list', { name: 'Social links' })

    const linkedin = social.getByRole('link', { name: /LinkedIn/ })
    await expect(linkedin).toHaveAttribute('href', 'https://www.linkedin.com/in/ada-lovelace')
    await expect(linkedin).toHaveAttribute('target', '_blank')
    await expect(linkedin).toHaveAttribute('rel', 'me noopener noreferrer')
    await expect(linkedin).toHaveAccessibleName('LinkedIn (opens in a new tab)')

    const github = social.getByRole('link', { name: /GitHub/ })
    await expect(github).toHaveAttribute('href', 'https://github.com/ada-lovelace')
    await expect(github).toHaveAttribute('target', '_blank')
    await expect(github).toHaveAttribute('rel', 'me noopener noreferrer')
    await expect(github).toHaveAccessibleName('GitHub (opens in a new tab)')

    const mail = social.getByRole('link', { name: 'Email ada@example.com' })
    await expect(mail).toHaveAttribute('href', 'mailto:ada@example.com')
    await expect(mail).not.toHaveAttribute('target', /.+/)

    // Each icon link is reachable with the keyboard and shows a focus ring.
    await linkedin.focus()
    await expect(linkedin).toBeFocused()
    await expect(linkedin).not.toHaveCSS('outline-style', 'none')
  })

  test('the timeline tabs separate experience from education', async ({ page, request, token }) => {
    const job = unique('Job at Analytical Engines')
    const school = unique('School of Mathematics')
    await apiCreate(request, token, '/api/timeline', {
      title: job,
      start_date: 'June 2024',
      end_date: '',
      position: 'Software Engineering Intern',
      icon_path: '/favicon.svg',
      description: ['Wrote the first program', 'Reviewed the Bernoulli numbers'],
      event_type: 'experience',
    })
    await apiCreate(request, token, '/api/timeline', {
      title: school,
      start_date: 'Sep 2021',
      end_date: 'May 2025',
      position: 'BSc Computer Science',
      description: ['Dean’s list'],
      event_type: 'education',
    })

    await page.goto('/')
    const tablist = page.getByRole('tablist', { name: 'Timeline' })
    const experienceTab = tablist.getByRole('tab', { name: 'Projects & Experience' })
    const educationTab = tablist.getByRole('tab', { name: 'Education' })
    await expect(tablist.getByRole('tab')).toHaveCount(2)

    // Experience is selected first and its panel is the visible one.
    await expect(experienceTab).toHaveAttribute('aria-selected', 'true')
    await expect(educationTab).toHaveAttribute('aria-selected', 'false')
    await expect(experienceTab).toHaveAttribute('tabindex', '0')
    await expect(educationTab).toHaveAttribute('tabindex', '-1')
    const experiencePanel = page.getByRole('tabpanel', { name: 'Projects & Experience' })
    await expect(experiencePanel).toBeVisible()
    const experienceControls = await experienceTab.getAttribute('aria-controls')
    expect(experienceControls).toBe(await experiencePanel.getAttribute('id'))

    const jobItem = experiencePanel.getByRole('article').filter({
      has: page.getByRole('heading', { name: job }),
    })
    await expect(jobItem.getByRole('img', { name: `${job} logo` })).toHaveAttribute('width', '48')
    await expect(jobItem.getByText('Software Engineering Intern', { exact: true })).toBeVisible()
    await expect(jobItem.getByText('June 2024', { exact: true })).toBeVisible()
    await expect(jobItem.getByText('Present', { exact: true })).toBeVisible()
    const bullets = jobItem.getByRole('listitem')
    await expect(bullets).toHaveText(['Wrote the first program', 'Reviewed the Bernoulli numbers'])
    await expect(bullets.first()).toHaveCSS('list-style-type', 'disc')
    await expect(experiencePanel.getByRole('heading', { name: school })).toHaveCount(0)

    // A click switches to education (once the page's script has loaded: it is fetched after
    // the main image or at the first press, and a press before it lands on server HTML).
    await hydrated(page)
    await educationTab.click()
    await expect(educationTab).toHaveAttribute('aria-selected', 'true')
    await expect(experienceTab).toHaveAttribute('aria-selected', 'false')
    await expect(experiencePanel).toBeHidden()
    const educationPanel = page.getByRole('tabpanel', { name: 'Education' })
    const schoolItem = educationPanel.getByRole('article').filter({
      has: page.getByRole('heading', { name: school }),
    })
    await expect(schoolItem.getByText('BSc Computer Science', { exact: true })).toBeVisible()
    await expect(schoolItem.getByText('Sep 2021', { exact: true })).toBeVisible()
    await expect(schoolItem.getByText('May 2025', { exact: true })).toBeVisible()
    await expect(schoolItem.getByText('Present', { exact: true })).toHaveCount(0)
    await expect(schoolItem.getByRole('listitem')).toHaveText(['Dean’s list'])
    // No icon URL, no image.
    await expect(schoolItem.getByRole('img')).toHaveCount(0)
    await expect(educationPanel.getByRole('heading', { name: job })).toHaveCount(0)

    // Arrow keys move the selection and the focus, wrapping around; Home and End jump.
    await expect(educationTab).toBeFocused()
    await page.keyboard.press('ArrowRight')
    await expect(experienceTab).toBeFocused()
    await expect(experienceTab).toHaveAttribute('aria-selected', 'true')
    await expect(experiencePanel).toBeVisible()
    await page.keyboard.press('ArrowLeft')
    await expect(educationTab).toBeFocused()
    await expect(educationTab).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('Home')
    await expect(experienceTab).toBeFocused()
    await expect(experienceTab).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('End')
    await expect(educationTab).toBeFocused()
    await expect(educationTab).toHaveAttribute('tabindex', '0')
    await expect(experienceTab).toHaveAttribute('tabindex', '-1')

    // Tab leaves the tab list for the panel (one tab stop for the whole list).
    await page.keyboard.press('Tab')
    await expect(educationPanel).toBeFocused()
  })

  test('Featured Projects shows only featured projects, as cards linking to their page', async ({
    page,
    request,
    token,
  }) => {
    const featured = unique('Featured Engine')
    const hidden = unique('Unfeatured Loom')
    const created = await apiCreate(request, token, '/api/projects', {
      title: featured,
      description: 'A featured difference engine.',
      long_description: 'Long text.',
      image_urls: ['/profile.svg'],
      tags: ['React', 'SQL'],
      is_featured: true,
    })
    await apiCreate(request, token, '/api/projects', {
      title: hidden,
      description: 'Not featured.',
      long_description: 'Long text.',
      is_featured: false,
    })

    await page.goto('/')
    const section = page.getByRole('region', { name: 'Featured Projects.' })
    await expect(section.getByRole('heading', { level: 2 })).toHaveText('Featured Projects.')
    const card = section.getByRole('article').filter({ hasText: featured })
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(featured)
    await expect(card.getByText('A featured difference engine.')).toBeVisible()
    await expect(card.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText([
      'React',
      'SQL',
    ])
    await expect(section.getByText(hidden)).toHaveCount(0)

    await card.getByRole('link', { name: featured }).click()
    await expect(page).toHaveURL(new RegExp(`/projects/${created.slug}$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(featured)
  })
})
