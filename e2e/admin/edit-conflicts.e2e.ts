/**
 * Content that never changes without a word: two pages editing the same
 * project, the second save meets a dialog (Reload shows the first page's
 * change, Overwrite saves over it); a list field shows the bullets or chips
 * it will publish while the owner types; the History restores an old
 * version without its published state unless asked. Pictures of the
 * changed forms at 390 and 1280 px in both themes (tagged @pictures: not on
 * CI, e2e/support/pictures.ts).
 */
import type { APIRequestContext, Page } from '@playwright/test'
import { allowUpTo, apiCreate, expect, expectNoAxeViolations, test, unique } from '../fixtures'
import { picture } from '../support/pictures'

interface ProjectRow {
  id: number
  slug: string
  title: string
  role: string | null
  period: string | null
  is_published: boolean
}

function seedProject(request: APIRequestContext, token: string, title = unique('Two tabs')) {
  return apiCreate(request, token, '/api/projects', {
    title,
    description: 'Edited in two places at once.',
    long_description: 'The story.',
    role: 'Developer',
    period: '2023',
  }) as Promise<ProjectRow>
}

async function readProject(request: APIRequestContext, token: string, slug: string) {
  const response = await request.get(`/api/projects/${slug}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  return (await response.json()) as ProjectRow
}

const conflictDialog = (page: Page) =>
  page.getByRole('dialog', { name: 'Someone saved a newer version' })

test('two pages on one project: the second save asks, and Reload shows the first one’s Role', async ({
  adminPage: a,
  token,
  request,
}) => {
  const project = await seedProject(request, token)
  // Tab B: a second page of the same signed-in browser.
  const b = await a.context().newPage()
  await a.goto(`/admin/projects/edit/${project.id}`)
  await b.goto(`/admin/projects/edit/${project.id}`)
  await expect(a.getByLabel('Role')).toHaveValue('Developer')
  await expect(b.getByLabel('Period')).toHaveValue('2023')

  await a.getByLabel('Role').fill('Lead developer')
  await a.getByRole('button', { name: 'Save Project' }).click()
  await expect(a).toHaveURL(/\/admin$/)

  await b.getByLabel('Period').fill('Spring 2024')
  await b.getByRole('button', { name: 'Save Project' }).click()
  const dialog = conflictDialog(b)
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('Reload shows the newer version and drops your changes.')
  await expectNoAxeViolations(b)
  // Nothing was saved from B.
  expect(await readProject(request, token, project.slug)).toMatchObject({
    role: 'Lead developer',
    period: '2023',
  })

  await dialog.getByRole('button', { name: 'Reload' }).click()
  await expect(dialog).toBeHidden()
  await expect(b.getByLabel('Role')).toHaveValue('Lead developer')
  await expect(b.getByLabel('Period')).toHaveValue('2023')
  // Reloaded, the form saves normally.
  await b.getByLabel('Period').fill('Spring 2024')
  await b.getByRole('button', { name: 'Save Project' }).click()
  await expect(b).toHaveURL(/\/admin$/)
  expect(await readProject(request, token, project.slug)).toMatchObject({
    role: 'Lead developer',
    period: 'Spring 2024',
  })
})

test('Overwrite saves the second page’s version over the first', async ({
  adminPage: a,
  token,
  request,
}) => {
  const project = await seedProject(request, token)
  const b = await a.context().newPage()
  await a.goto(`/admin/projects/edit/${project.id}`)
  await b.goto(`/admin/projects/edit/${project.id}`)
  await expect(b.getByLabel('Period')).toHaveValue('2023')

  await a.getByLabel('Role').fill('Lead developer')
  await a.getByRole('button', { name: 'Save Project' }).click()
  await expect(a).toHaveURL(/\/admin$/)

  await b.getByLabel('Period').fill('Spring 2024')
  await b.getByRole('button', { name: 'Save Project' }).click()
  await conflictDialog(b).getByRole('button', { name: 'Overwrite' }).click()
  await expect(b).toHaveURL(/\/admin$/)
  // B's whole version, its Role included, replaced A's.
  expect(await readProject(request, token, project.slug)).toMatchObject({
    role: 'Developer',
    period: 'Spring 2024',
  })
})

test('a one-line description with a comma shows the two bullets it will publish', async ({
  adminPage: page,
}) => {
  await page.goto('/admin/timeline/new')
  const description = page.getByLabel('Description (comma-separated)')
  await description.fill('Teaching assistant for Databases, graded 120 students')
  const bullets = page.getByRole('list', { name: 'What the save publishes' })
  await expect(page.getByText('Publishes 2 bullets:')).toBeVisible()
  await expect(bullets.getByRole('listitem')).toHaveText([
    'Teaching assistant for Databases',
    'graded 120 students',
  ])
  // One per line keeps the comma in its bullet, and a comma between digits never splits.
  await description.fill('Teaching assistant for Databases, graded 120 students\nUsed by 40,000')
  await expect(bullets.getByRole('listitem')).toHaveText([
    'Teaching assistant for Databases, graded 120 students',
    'Used by 40,000',
  ])
  await expectNoAxeViolations(page)
})

test('skills show their chips, and "Kafka, Docker" on a line of its own is two', async ({
  adminPage: page,
}) => {
  await page.goto('/admin/profile')
  const skills = page.getByLabel('Skills')
  await skills.fill('TypeScript\nKafka, Docker')
  await expect(
    page.getByRole('list', { name: 'What the save publishes' }).getByRole('listitem'),
  ).toHaveText(['TypeScript', 'Kafka', 'Docker'])
  // Left unsaved: the profile journeys run later on the same site.
})

test('a restore keeps a draft a draft unless its published state is asked for too', async ({
  adminPage: page,
  token,
  request,
}) => {
  const project = await seedProject(request, token, unique('Restored draft'))
  const put = await request.put(`/api/projects/${project.id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title: project.title,
      description: 'Now a draft.',
      long_description: 'The story.',
      is_published: false,
    },
  })
  expect(put.status()).toBe(200)
  await page.goto(`/admin/projects/edit/${project.id}`)
  const history = page.getByRole('region', { name: 'History.' })
  const also = history.getByLabel('Also restore its published state')
  await expect(also).not.toBeChecked()
  page.once('dialog', (dialog) => void dialog.accept())
  await history.getByRole('button', { name: 'Restore the version before' }).first().click()
  await expect(page.getByLabel('Short Description')).toHaveValue('Edited in two places at once.')
  await expect(page.getByLabel('Published', { exact: true })).not.toBeChecked()
  expect((await readProject(request, token, project.slug)).is_published).toBe(false)
})

test('screenshots: the changed forms and the conflict dialog, 390 and 1280 px, light and dark', {
  tag: '@pictures',
}, async ({ browser, token, request, baseURL }) => {
  allowUpTo(180_000)
  const project = await seedProject(request, token, unique('Pictured conflict'))
  const event = (await apiCreate(request, token, '/api/timeline', {
    title: unique('Pictured event'),
    start_date: 'Sep 2023',
    description: ['Teaching assistant for Databases, graded 120 students'],
  })) as { id: number }
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme })
      await context.addInitScript((value) => localStorage.setItem('token', value), token)
      const page = await context.newPage()
      const shot = (name: string) =>
        picture(page, `edit-conflicts/${name}-${width}-${colorScheme}`, { fullPage: true })

      await page.goto(`${baseURL}/admin/timeline/edit/${event.id}`, { waitUntil: 'networkidle' })
      await page
        .getByLabel('Description (comma-separated)')
        .fill('Teaching assistant for Databases, graded 120 students')
      await shot('timeline-form')

      await page.goto(`${baseURL}/admin/profile`, { waitUntil: 'networkidle' })
      await page.getByLabel('Skills').fill('TypeScript\nKafka, Docker\nPostgreSQL')
      await shot('profile-form')

      await page.goto(`${baseURL}/admin/notes/new`, { waitUntil: 'networkidle' })
      await page.getByLabel('Tags (comma-separated)').fill('Bun, TypeScript')
      await shot('note-form')

      await page.goto(`${baseURL}/admin/projects/edit/${project.id}`, {
        waitUntil: 'networkidle',
      })
      await page.getByLabel('Tags (comma-separated)').fill('React, Node.js, SQL')
      await shot('project-form')
      // Someone else saves meanwhile: this page's save meets the dialog.
      const current = await readProject(request, token, project.slug)
      await request.put(`/api/projects/${project.id}`, {
        headers: { authorization: `Bearer ${token}` },
        data: {
          title: current.title,
          description: 'Edited in two places at once.',
          long_description: 'The story.',
          role: `Role ${colorScheme} ${width}`,
        },
      })
      await page.getByRole('button', { name: 'Save Project' }).click()
      await expect(conflictDialog(page)).toBeVisible()
      await picture(page, `edit-conflicts/conflict-dialog-${width}-${colorScheme}`)
      await conflictDialog(page).getByRole('button', { name: 'Reload' }).click()
      await context.close()
    }
  }
})
