/**
 * The scholarly record from the owner's side to a reader's: a `.bib` file
 * (accents, braces, @inproceedings, @misc and a malformed entry) chosen in
 * Admin → Publications, previewed (the malformed entry reported, the rest
 * listed), imported and published; then, on the public page in the light
 * and the dark theme, the entry with the owner's name emphasised and its
 * Cite box opened, the APA reference copied; the publication's own page;
 * axe on /publications, a publication's page, /talks and /teaching.
 */
import {
  allowUpTo,
  colourRules,
  e2eAdmin,
  expect,
  expectNoAxeViolations,
  hydrated,
  test,
  unique,
} from '../fixtures'
import { pictures } from '../support/pictures'

test.describe.configure({ mode: 'serial' })

const word = unique('Engine').replace(/\W+/g, '')
const title = `On the Analytical ${word} and Café Ordering`
const bib = String.raw`@inproceedings{lovelace2026${word},
  title     = {On the {Analytical} ${word} and Caf\'{e} Ordering},
  author    = {Lovelace, Ada and Babbage, Charles and M{\"u}ller, J{\"o}rg},
  booktitle = {Proceedings of the CHI Conference},
  year      = {2026},
  pages     = {1--10},
  keywords  = {HCI}
}

@article{broken${word},
  title = {Missing its closing brace,
  author = {Someone, Else}

@misc{lovelace2025${word},
  title         = {A Note on {B}ernoulli ${word}},
  author        = {Lovelace, Ada},
  year          = {2025},
  eprint        = {2501.01234},
  archivePrefix = {arXiv}
}
`
let slug = ''

test.afterAll(async ({ browser }) => {
  // What this journey made goes to the Trash, so the other journeys' pages stay as they were.
  const context = await browser.newContext()
  const request = context.request
  const login = await request.post('/api/auth/login', { data: e2eAdmin })
  const { token } = (await login.json()) as { token: string }
  const headers = { authorization: `Bearer ${token}` }
  const list = (await (await request.get('/api/publications', { headers })).json()) as {
    id: number
    title: string
  }[]
  for (const publication of list.filter((p) => p.title.includes(word)))
    await request.delete(`/api/publications/${publication.id}`, { headers })
  for (const kind of ['talks', 'teaching'] as const) {
    const items = (await (await request.get(`/api/${kind}`, { headers })).json()) as {
      id: number
      title?: string
      course?: string
    }[]
    for (const item of items.filter((i) => (i.title ?? i.course ?? '').includes(word)))
      await request.delete(`/api/${kind}/${item.id}`, { headers })
  }
  await context.close()
})

test('a .bib file is previewed, the malformed entry reported, and the rest imported and published', async ({
  adminPage: page,
}) => {
  allowUpTo(90_000)
  await page.goto('/admin/publications')
  await expect(page.getByRole('heading', { level: 1, name: 'Publications.' })).toBeVisible()
  await page.locator('input[type="file"][accept*=".bib"]').setInputFiles({
    name: 'mine.bib',
    mimeType: 'application/x-bibtex',
    buffer: Buffer.from(bib),
  })
  const preview = page.getByRole('region', { name: /^Preview: 2 entries/ })
  await expect(preview).toBeVisible()
  await expect(preview.getByText(/^Entry “broken.*” on line 10 could not be read:/)).toBeVisible()
  await expect(preview.getByRole('checkbox', { name: title })).toBeChecked()
  await expect(preview.getByText(/Ada Lovelace, Charles Babbage, Jörg Müller/)).toBeVisible()
  await preview.getByLabel('Publish them at once').check()
  await pictures(page, 'publications/admin-import-preview', { fullPage: true })
  await preview.getByRole('button', { name: 'Import 2 selected' }).click()
  await expect(page.getByText('Imported 2 publications, published.')).toBeVisible()
  const row = page.getByRole('listitem').filter({ hasText: title })
  await expect(row.getByText('Published')).toBeVisible()
  await pictures(page, 'publications/admin-list', { fullPage: true })

  // The same file again: both flagged as already here, none chosen.
  await page.getByLabel('BibTeX', { exact: true }).fill(bib)
  await page.getByRole('button', { name: 'Preview', exact: true }).click()
  const again = page.getByRole('region', { name: /^Preview: 2 entries/ })
  await expect(again.getByText(/Already here: “On the Analytical/)).toBeVisible()
  await expect(again.getByRole('button', { name: 'Import 0 selected' })).toBeDisabled()

  const api = await page.request.get('/api/publications')
  const stored = (await api.json()) as { slug: string; title: string }[]
  slug = stored.find((p) => p.title === title)?.slug ?? ''
  expect(slug).not.toBe('')
})

test('a talk and a course are added in the admin and shown on /talks and /teaching', async ({
  adminPage: page,
}) => {
  allowUpTo(60_000)
  await page.goto('/admin/talks')
  await expect(page.getByRole('heading', { level: 1, name: 'Talks.' })).toBeVisible()
  await page.getByLabel('Title').fill(`Poetical Science ${word}`)
  await page.getByLabel('Event').fill('Engines Conf')
  await page.getByLabel('Date').fill('2026-03-01')
  await page.getByLabel('Online').check()
  await page.getByLabel('Type').selectOption({ label: 'Keynote' })
  await page.getByLabel('Slides link').fill('javascript:alert(1)')
  await page.getByRole('button', { name: 'Add talk' }).click()
  await expect(page.getByRole('alert')).toContainText('Slides must be an http(s) URL')
  await page.getByLabel('Slides link').fill('https://ada.example/slides.pdf')
  await page.getByRole('button', { name: 'Add talk' }).click()
  await expect(page.getByText('Talk added.')).toBeVisible()
  await pictures(page, 'publications/admin-talks', { fullPage: true })
  await page.goto('/admin/teaching')
  await page.getByLabel('Course', { exact: true }).fill(`Analytical Engines ${word}`)
  await page.getByLabel('Role').fill('Teaching assistant')
  await page.getByLabel('Terms').fill('Fall 2024, Fall 2025')
  await page.getByRole('button', { name: 'Add course' }).click()
  await expect(page.getByText('Course added.')).toBeVisible()
  await page.goto('/talks')
  await expect(
    page.getByRole('heading', { level: 2, name: `Poetical Science ${word}` }),
  ).toBeVisible()
  await expect(page.getByText('Engines Conf, Online')).toBeVisible()
  await page.goto('/teaching')
  await expect(page.getByText('Fall 2024 · Fall 2025')).toBeVisible()
})

for (const scheme of ['light', 'dark'] as const) {
  test(`${scheme}: /publications shows it with the owner emphasised, and Cite gives the APA reference to copy`, async ({
    browser,
  }) => {
    allowUpTo(60_000)
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      colorScheme: scheme,
      permissions: ['clipboard-read', 'clipboard-write'],
    })
    const page = await context.newPage()
    await page.goto('/publications')
    await hydrated(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Publications.' })).toBeVisible()
    const entry = page.locator('article').filter({ hasText: title })
    await expect(entry.locator('strong', { hasText: 'Ada Lovelace' })).toBeVisible()
    await entry.locator('summary', { hasText: 'Cite' }).click()
    const apa = 'Lovelace, A., Babbage, C., & Müller, J. (2026).'
    await expect(entry.getByRole('region', { name: 'APA' })).toContainText(apa)
    await expect(entry.getByRole('region', { name: 'BibTeX' })).toContainText(
      `@inproceedings{lovelace2026${word},`,
    )
    // The island wakes on the first press inside it (opening Cite); Copy works once it is awake.
    await expect(async () => {
      await entry.getByRole('button', { name: /^Cop(y|ied) APA$/ }).click()
      await expect(entry.getByRole('button', { name: 'Copied APA' })).toBeVisible({ timeout: 500 })
    }).toPass({ timeout: 10_000 })
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(apa)
    await expectNoAxeViolations(page, scheme === 'dark' ? { rules: colourRules } : {})
    await pictures(page, `publications/list-${scheme}`, { schemes: [scheme], fullPage: true })

    await entry.getByRole('link', { name: title }).click()
    await expect(page).toHaveURL(new RegExp(`/publications/${slug}$`))
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page.locator('meta[name="citation_author"]')).toHaveCount(3)
    await expectNoAxeViolations(page, scheme === 'dark' ? { rules: colourRules } : {})
    await pictures(page, `publications/page-${scheme}`, { schemes: [scheme], fullPage: true })

    for (const path of ['/talks', '/teaching']) {
      await page.goto(path)
      await hydrated(page)
      await expectNoAxeViolations(page, scheme === 'dark' ? { rules: colourRules } : {})
    }
    await context.close()
  })
}

test('without script, Cite opens as a disclosure with the texts to select', async ({ browser }) => {
  allowUpTo(30_000)
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(`/publications/${slug}`)
  await page.locator('summary', { hasText: 'Cite' }).click()
  await expect(page.locator('details[data-cite]')).toHaveAttribute('open', '')
  await expect(page.getByRole('region', { name: 'APA' })).toContainText('Lovelace, A.')
  await context.close()
})
