/**
 * The profile editor changes what every public page shows (name, headline,
 * photo…), so these journeys run after all the others (the "profile"
 * project in playwright.config.ts), and put the original profile back.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, expectNoAxeViolations, hydrated, test, unique } from '../fixtures'
import { pictures } from '../support/pictures'
import { pngFile, sha256 } from '../support/png'

/** The profile every other journey expects (playwright.config.ts seeds it). */
const original = {
  name: 'Ada Lovelace',
  // Empty: the greeting is made from the name ("Hi, I'm Ada Lovelace!").
  headline: '',
  birth_year: 2003,
  email: 'ada@example.com',
  university: 'Analytical University',
  major: 'Computer Science',
  focus: 'fullstack development with React, Node.js and SQL',
  minor: 'Cybersecurity and Mathematics',
  linkedin_url: 'https://www.linkedin.com/in/ada-lovelace',
  github_url: 'https://github.com/ada-lovelace',
  photo_url: '/profile.svg',
  accent_color: '#4f46e5',
  show_age: true,
  bio: '',
  skills: [],
  location: '',
  links: [],
  // Left out, a field keeps its value: these are put back too.
  fediverse_account: '',
  atproto_did: '',
  orcid: '',
}

test.afterEach(async ({ request, token }) => {
  const response = await request.put('/api/profile', {
    data: original,
    headers: { authorization: `Bearer ${token}` },
  })
  expect(response.status()).toBe(200)
})

test('the owner edits every profile field, uploads a photo in place, and the home page shows it', async ({
  adminPage: page,
}) => {
  await page.goto('/admin')
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Profile' })
    .click()
  await expect(page).toHaveURL(/\/admin\/profile$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Profile.' })).toBeVisible()

  // Prefilled with the stored profile.
  const labels = {
    name: 'Name',
    headline: 'Greeting headline',
    birth_year: 'Birth year',
    email: 'Email',
    university: 'University',
    major: 'Major',
    focus: 'Focus',
    minor: 'Minor',
    linkedin_url: 'LinkedIn URL',
    github_url: 'GitHub URL',
    photo_url: 'Photo URL',
  } as const
  for (const [key, label] of Object.entries(labels)) {
    await expect(page.getByLabel(label, { exact: true })).toHaveValue(
      String(original[key as keyof typeof original]),
    )
  }

  const name = unique('Grace Hopper')
  const edited = {
    name,
    headline: `Hello, I'm ${name}!`,
    birth_year: '1999',
    email: 'grace@example.com',
    university: 'Compiler College',
    major: 'Mathematics',
    focus: 'compilers and languages',
    minor: 'Naval Science',
    linkedin_url: 'https://www.linkedin.com/in/grace-hopper',
    github_url: 'https://github.com/grace-hopper',
  }
  for (const [key, value] of Object.entries(edited)) {
    await page.getByLabel(labels[key as keyof typeof edited], { exact: true }).fill(value)
  }

  // The photo: uploaded in place, previewed, and put into the field.
  const photo = pngFile('portrait.png', 600, 600)
  const photoUrl = `/media/${sha256(photo.bytes)}.jpg`
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Upload image' }).click()
  await (await chooser).setFiles({ name: photo.name, mimeType: photo.type, buffer: photo.bytes })
  await expect(page.getByLabel('Photo URL')).toHaveValue(photoUrl)
  await expect(page.getByRole('list', { name: 'Preview' })).toContainText(photoUrl)

  await page.getByRole('button', { name: 'Save Profile' }).click()
  // The confirmation is a toast, as for every other save (a live region); the form stays.
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    'Profile saved. The home page shows the change on its next load.',
  )
  await expect(page).toHaveURL(/\/admin\/profile$/)

  // The site header, on this very page, already has the new name.
  await expect(page.getByRole('banner').getByRole('link', { name })).toBeVisible()

  // The home page, loaded afresh.
  await page.goto('/')
  await hydrated(page)
  const intro = page.getByRole('region', { name: edited.headline })
  await expect(intro.getByRole('heading', { level: 1 })).toHaveText(edited.headline)
  const age = new Date().getFullYear() - 1999
  await expect(intro.getByText(`I'm ${age} years old.`, { exact: true })).toBeVisible()
  await expect(
    intro.getByText("I'm a Mathematics major at Compiler College.", { exact: true }),
  ).toBeVisible()
  await expect(
    intro.getByText('My focus is on compilers and languages.', { exact: true }),
  ).toBeVisible()
  await expect(
    intro.getByText("I'm currently pursuing a minor in Naval Science.", { exact: true }),
  ).toBeVisible()
  const social = page.getByRole('list', { name: 'Social links' })
  await expect(social.getByRole('link', { name: /LinkedIn/ })).toHaveAttribute(
    'href',
    edited.linkedin_url,
  )
  await expect(social.getByRole('link', { name: /GitHub/ })).toHaveAttribute(
    'href',
    edited.github_url,
  )
  await expect(social.getByRole('link', { name: 'Email grace@example.com' })).toHaveAttribute(
    'href',
    'mailto:grace@example.com',
  )

  // The photo: a responsive upload, fetched first, still 175 × 175.
  const img = intro.getByRole('img', { name: `Portrait of ${name}` })
  await expect(img).toHaveAttribute('src', photoUrl)
  await expect(img).toHaveAttribute('width', '175')
  await expect(img).toHaveAttribute('height', '175')
  await expect(img).toHaveAttribute('fetchpriority', 'high')
  await expect(img).not.toHaveAttribute('loading', 'lazy')
  const source = intro.locator('picture source')
  await expect(source).toHaveAttribute(
    'srcset',
    `/media/${sha256(photo.bytes)}-320.webp 320w, /media/${sha256(photo.bytes)}-600.webp 600w`,
  )
  await expect(source).toHaveAttribute('sizes', '175px')
  await expect
    .poll(() => img.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0)
  const box = await img.boundingBox()
  expect(box?.width).toBe(175)
  expect(box?.height).toBe(175)
})

test('invalid input is caught before sending, and the server’s field messages show inline', async ({
  adminPage: page,
}) => {
  let sent = 0
  await page.route('**/trpc/profile.update**', (route) => {
    sent++
    return route.continue()
  })
  await page.goto('/admin/profile')
  const email = page.getByLabel('Email', { exact: true })
  await email.fill('not an address')
  await page.getByLabel('Birth year').fill('3000')
  await page.getByRole('button', { name: 'Save Profile' }).click()
  await expect(email).toHaveAttribute('aria-invalid', 'true')
  await expect(email).toHaveAccessibleDescription(/Email must be a valid email address\./)
  await expect(page.getByLabel('Birth year')).toHaveAccessibleDescription(
    /Birth year cannot be in the future\./,
  )
  expect(sent).toBe(0)

  // The server checks with the same schema: let a bad photo URL slip past the browser.
  await page.unroute('**/trpc/profile.update**')
  await page.route('**/trpc/profile.update**', async (route) => {
    const body = route.request().postDataJSON() as Record<string, Record<string, unknown>>
    const input = body['0'] ?? body
    await route.continue({
      postData: JSON.stringify({ ...body, 0: { ...input, photo_url: 'javascript:alert(1)' } }),
    })
  })
  await email.fill('ada@example.com')
  await page.getByLabel('Birth year').fill('2003')
  await page.getByRole('button', { name: 'Save Profile' }).click()
  const photo = page.getByLabel('Photo URL')
  await expect(photo).toHaveAttribute('aria-invalid', 'true')
  await expect(photo).toHaveAccessibleDescription(
    /Photo URL must be an http\(s\) URL or a path starting with \/\./,
  )
  await expect(page.getByRole('alert')).toContainText('Photo URL must be an http(s) URL')
  await expect(page.getByRole('region', { name: 'Notifications' })).not.toContainText(
    'Profile saved.',
  )
})

test('the owner picks an accent colour: the public pages use it at once, with readable text; a bad one is refused inline', async ({
  adminPage: page,
}) => {
  await page.goto('/admin/profile')
  const field = page.getByLabel('Accent colour', { exact: true })
  await expect(field).toHaveValue('#4f46e5')

  // Not a colour: an inline error on the field, nothing saved.
  await field.fill('teal-ish')
  await page.getByRole('button', { name: 'Save Profile' }).click()
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(page.locator('#profile-accent_color-error')).toHaveText(
    'Accent colour must be a colour like #4f46e5.',
  )
  expect((await (await page.request.get('/api/profile')).json()).accent_color).toBe('#4f46e5')

  // A deep teal, through the colour picker.
  await page.getByLabel('Pick the accent colour').fill('#0f766e')
  await expect(field).toHaveValue('#0f766e')
  await page.getByRole('button', { name: 'Save Profile' }).click()
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Profile saved.')
  // The admin's own buttons take it without a reload (the pointer off them: no hover shade).
  await page.mouse.move(0, 0)
  await expect(page.getByRole('button', { name: 'Save Profile' })).toHaveCSS(
    'background-color',
    'rgb(15, 118, 110)',
  )

  await page.goto('/')
  await page.mouse.move(0, 0)
  const contact = page.getByRole('link', { name: 'Contact me' })
  await expect(contact).toHaveCSS('background-color', 'rgb(15, 118, 110)')
  await expect(contact).toHaveCSS('color', 'rgb(255, 255, 255)')

  // A light yellow: black text on it, and links in a darker shade than the accent.
  await page.goto('/admin/profile')
  await page.getByLabel('Accent colour', { exact: true }).fill('#FACC15')
  await page.getByRole('button', { name: 'Save Profile' }).click()
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Profile saved.')
  await page.goto('/')
  await page.mouse.move(0, 0)
  await expect(contact).toHaveCSS('background-color', 'rgb(250, 204, 21)')
  await expect(contact).toHaveCSS('color', 'rgb(0, 0, 0)')
  const link = page.getByRole('link', { name: 'See all projects' })
  await expect(link).not.toHaveCSS('color', 'rgb(250, 204, 21)')
  const results = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze()
  expect(results.violations).toEqual([])
})

test('a rename changes the greeting everywhere: home page, link preview and JSON-LD', async ({
  adminPage: page,
}) => {
  await page.goto('/admin/profile')
  // No headline of its own: the field is empty and the greeting follows the name.
  await expect(page.getByLabel('Greeting headline', { exact: true })).toHaveValue('')
  const name = unique('Grace Hopper')
  await page.getByLabel('Name', { exact: true }).fill(name)
  await page.getByRole('button', { name: 'Save Profile' }).click()
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Profile saved.')

  await page.goto('/')
  await hydrated(page)
  const greeting = `Hi, I'm ${name}!`
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(greeting)
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', name)
  const description = await page.locator('meta[name="description"]').getAttribute('content')
  expect(description).toContain(greeting)
  const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent()
  expect(jsonLd).toContain(greeting)
})

test('an owner with no study lines, no age, an About text, skills, links and an ORCID iD', async ({
  adminPage: page,
}) => {
  await page.goto('/admin/profile')
  for (const label of ['Birth year', 'University', 'Major', 'Focus', 'Minor']) {
    await page.getByLabel(label, { exact: true }).fill('')
  }
  await page.getByLabel('Location', { exact: true }).fill('Lisbon, Portugal')
  await page
    .getByLabel('About', { exact: true })
    .fill('I write **compilers**. See [my notes](https://notes.example).')
  await page.getByLabel('Skills', { exact: true }).fill('COBOL, Used by 40,000 riders')
  await page.getByRole('button', { name: 'Add link' }).click()
  await page.getByLabel('Label 1', { exact: true }).fill('Mastodon')
  await page.getByLabel('URL 1', { exact: true }).fill('https://mastodon.example/@ada')
  // A mistyped digit is refused inline; the iD's address is kept bare.
  const orcid = page.getByLabel('ORCID iD', { exact: true })
  await orcid.fill('0000-0002-1825-0098')
  await page.getByRole('button', { name: 'Save Profile' }).click()
  await expect(page.locator('#profile-orcid-error')).toHaveText(
    'ORCID iD must look like 0000-0002-1825-0097.',
  )
  await orcid.fill('https://orcid.org/0000-0002-1825-0097')
  await orcid.scrollIntoViewIfNeeded()
  await pictures(page, 'admin-profile/orcid-field')
  await page.getByRole('button', { name: 'Save Profile' }).click()
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Profile saved.')

  await page.goto('/')
  await hydrated(page)
  const intro = page.getByRole('region', { name: "Hi, I'm Ada Lovelace!" })
  await expect(intro.getByText(/years old|major|focus|minor/)).toHaveCount(0)
  await expect(intro.getByText('Based in Lisbon, Portugal.')).toBeVisible()
  await expect(
    intro.getByRole('list', { name: 'Links' }).getByRole('link', { name: 'Mastodon' }),
  ).toHaveAttribute('rel', 'me noopener')
  const orcidLink = intro.getByRole('list', { name: 'Links' }).getByRole('link', { name: 'ORCID' })
  await expect(orcidLink).toHaveAttribute('href', 'https://orcid.org/0000-0002-1825-0097')
  await expect(orcidLink).toHaveAttribute('rel', 'me noopener')
  await pictures(page, 'admin-profile/home-links-orcid')
  const about = page.getByRole('region', { name: 'About' })
  await expect(about.getByText('compilers', { exact: true })).toBeVisible()
  const notes = about.getByRole('link', { name: 'my notes' })
  await expect(notes).toHaveCSS('text-decoration-line', 'underline')
  await expect(about.getByRole('list', { name: 'Skills' }).getByRole('listitem')).toHaveText([
    'COBOL',
    'Used by 40,000 riders',
  ])
  await expectNoAxeViolations(page)

  await page.goto('/cv')
  await expect(page.getByRole('heading', { name: 'About' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Skills' }).getByRole('listitem')).toHaveCount(2)
  await expect(page.getByRole('link', { name: 'ORCID' })).toHaveAttribute(
    'href',
    'https://orcid.org/0000-0002-1825-0097',
  )
})
