import { readFile } from 'node:fs/promises'
import { apiCreate, apiLogin, expect, expectNoAxeViolations, test, unique } from '../fixtures'
import { pictures } from '../support/pictures'

/**
 * The CV, JSON Resume and backups in the browser: the home page's "Download CV" gives the PDF; the
 * CV page reads well on screen and in print; the admin previews a JSON
 * Resume import before confirming it; the backup screen downloads the file
 * and reads a backup back before any restore; the CV section uploads a PDF.
 * Pictures at 390 and 1280 px (e2e/support/pictures.ts).
 */

const eventTitle = unique('Cv Journey Labs')

test.beforeAll(async ({ request }) => {
  const token = await apiLogin(request)
  await apiCreate(request, token, '/api/timeline', {
    title: eventTitle,
    start_date: 'Jan 2024',
    position: 'Intern',
    description: ['Shipped the thing', 'Wrote [the launch notes](https://notes.example/launch)'],
    event_type: 'experience',
  })
})

test('the home page’s Download CV gives a PDF of the CV', async ({ page, request }) => {
  await page.goto('/')
  const link = page.getByRole('link', { name: 'Download CV' })
  await expect(link).toBeVisible()
  await expect(link).toHaveAttribute('href', '/cv.pdf')
  const response = await request.get((await link.getAttribute('href')) ?? '')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('application/pdf')
  expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-')
  await pictures(page, 'cv/home-download-cv', { schemes: ['light'], fullPage: true })
})

test('the CV page shows the timeline, passes axe, and prints without the site’s frame', async ({
  page,
}) => {
  await page.goto('/cv')
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 3, name: eventTitle })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Download PDF' })).toBeVisible()
  await expectNoAxeViolations(page)
  await pictures(page, 'cv/cv', { schemes: ['light'], fullPage: true })
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('banner')).toBeHidden()
  await expect(page.getByRole('contentinfo')).toBeHidden()
  await expect(page.getByRole('link', { name: 'Download PDF' })).toBeHidden()
  // A bullet's link prints its address after its text.
  const notes = page.getByRole('link', { name: 'the launch notes' })
  const printed = () =>
    notes.evaluate((link) => getComputedStyle(link, '::after').getPropertyValue('content'))
  expect(await printed()).toBe('" (https://notes.example/launch)"')
  // At an A4 page's width (794 px at 96 dpi).
  await pictures(page, 'cv/print-a4', { widths: [794], schemes: ['light'], fullPage: true })
  // On screen, no address after it.
  await page.emulateMedia({ media: 'screen' })
  expect(await printed()).toBe('none')
})

test('the admin previews a JSON Resume import, then confirms it', async ({
  adminPage: page,
  request,
}) => {
  const company = unique('Preview Corp')
  const project = unique('Preview Project')
  const resume = {
    basics: { name: 'Someone Else', email: 'someone@example.org' },
    work: [{ name: company, position: 'Engineer', startDate: '2023-02', highlights: ['Did it'] }],
    education: [{ institution: unique('Preview College'), area: 'Maths', startDate: '2019' }],
    projects: [{ name: project, description: 'Imported from JSON Resume.', keywords: ['Go'] }],
  }
  await page.goto('/admin/import')
  await expect(page.getByRole('heading', { level: 1, name: 'Import.' })).toBeVisible()
  await page.getByLabel('JSON Resume file').setInputFiles({
    name: 'resume.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(resume)),
  })
  await expect(page.getByText('Will create 2 timeline events and 1 project.')).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: company })).toContainText(
    'Engineer (Feb 2023 – Present, experience)',
  )
  await expect(page.getByRole('listitem').filter({ hasText: project })).toBeVisible()
  await expectNoAxeViolations(page)
  await pictures(page, 'cv/admin-import-preview', { schemes: ['light'], fullPage: true })
  // Nothing is written before the confirmation.
  const before = await (await request.get('/api/timeline')).text()
  expect(before).not.toContain(company)

  await page.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(page.getByRole('status')).toHaveText('Imported 2 timeline events and 1 project.')
  expect(await (await request.get('/api/timeline')).text()).toContain(company)
  expect(await (await request.get('/api/projects')).text()).toContain(project)

  // The same file again: nothing new.
  await page.getByLabel('JSON Resume file').setInputFiles({
    name: 'resume.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(resume)),
  })
  await expect(
    page.getByText('Nothing new: everything in this document is already on the site.'),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled()

  // Not JSON Resume: the server's reasons, inline.
  await page.getByLabel('JSON Resume file').setInputFiles({
    name: 'resume.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ work: [{ name: 'X', startDate: 'last year' }] })),
  })
  await expect(page.getByRole('alert')).toContainText('work[0].startDate does not match pattern')
})

test('the backup screen downloads the backup and reads a file back before restoring', async ({
  adminPage: page,
}) => {
  await page.goto('/admin/backup')
  await expect(page.getByRole('heading', { level: 1, name: 'Backup.' })).toBeVisible()
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download backup' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^backup-\d{8}-\d{6}\.json$/)
  // Confirmed by a toast, like every save, naming the file.
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    `Backup downloaded as ${download.suggestedFilename()}.`,
  )
  const path = await download.path()
  const text = await readFile(path, 'utf8')
  const backup = JSON.parse(text) as { format: string; tables: { timeline_events: unknown[] } }
  expect(backup.format).toBe('portfolio-backup')
  expect(text.endsWith('}\n')).toBe(true)

  await page.getByLabel('Backup file').setInputFiles(path)
  await expect(page.getByText(/Taken on/)).toBeVisible()
  const table = page.getByRole('table', { name: 'Rows per table in the backup' })
  await expect(table.getByRole('row', { name: /Timeline events/ })).toContainText(
    String(backup.tables.timeline_events.length),
  )
  // Every table by its label, none by its raw name.
  await expect(table.getByRole('row', { name: /Uploaded CV \(PDF\)/ })).toBeVisible()
  await expect(table.getByRole('row', { name: /Two-factor sign-in/ })).toBeVisible()
  for (const name of Object.keys(backup.tables)) {
    await expect(table.getByRole('cell', { name, exact: true })).toHaveCount(0)
  }
  await expectNoAxeViolations(page)
  await pictures(page, 'cv/admin-backup', { schemes: ['light'], fullPage: true })
  // A wrong password: refused, inline; nothing restored (the session still works).
  await page.getByLabel('Your password').fill('not my password')
  await page.getByRole('button', { name: 'Restore this backup' }).click()
  await expect(page.getByRole('alert')).toHaveText(
    'That password is not right. Nothing was changed.',
  )
  await expect(page).toHaveURL(/\/admin\/backup$/)

  // A file that is not a backup.
  await page.getByLabel('Backup file').setInputFiles({
    name: 'other.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"format":"something-else"}'),
  })
  await expect(page.getByRole('alert')).toContainText('This is not a valid portfolio backup')
})

test('the CV section uploads a PDF, previews it, and goes back to the generated one', async ({
  adminPage: page,
  request,
}) => {
  const pdf = Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  )
  await page.goto('/admin/cv')
  await expect(page.getByRole('heading', { level: 1, name: 'CV.' })).toBeVisible()
  await expect(page.getByText('The CV made from your profile')).toBeVisible()
  await page.getByLabel('CV file (PDF)').setInputFiles({
    name: 'not-a-pdf.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('hello'),
  })
  await page.getByRole('button', { name: 'Upload PDF' }).click()
  await expect(page.getByRole('alert')).toContainText('The CV must be a PDF file')

  await page.getByLabel('CV file (PDF)').setInputFiles({
    name: 'my-cv.pdf',
    mimeType: 'application/pdf',
    buffer: pdf,
  })
  await page.getByRole('button', { name: 'Upload PDF' }).click()
  const notifications = page.getByRole('region', { name: 'Notifications' })
  await expect(notifications).toContainText('Uploaded: /cv.pdf now serves your PDF.')
  await expect(page.getByText('Your uploaded PDF')).toContainText('my-cv.pdf')
  await expect(page.getByRole('link', { name: 'Preview the PDF' })).toHaveAttribute(
    'href',
    '/cv.pdf',
  )
  expect(Buffer.from(await (await request.get('/cv.pdf')).body()).equals(pdf)).toBe(true)
  await expectNoAxeViolations(page)
  await pictures(page, 'cv/admin-cv', { schemes: ['light'], fullPage: true })

  page.once('dialog', (dialog) => dialog.accept())
  await page.getByRole('button', { name: 'Remove uploaded PDF' }).click()
  await expect(notifications).toContainText('Removed: /cv.pdf is made from your content again.')
  const generated = await (await request.get('/cv.pdf')).body()
  expect(generated.equals(pdf)).toBe(false)
  expect(generated.subarray(0, 5).toString()).toBe('%PDF-')
})
