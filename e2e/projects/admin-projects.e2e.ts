import type { APIRequestContext, Page } from '@playwright/test'
import { answerConfirm, apiCreate, expect, test, unique } from '../fixtures'

interface ProjectRow {
  id: number
  slug: string
  title: string
  description: string
  long_description: string
  website_url: string | null
  image_urls: string[]
  tags: string[]
  is_featured: boolean
}

async function projectTitled(request: APIRequestContext, title: string): Promise<ProjectRow> {
  const list = (await (await request.get('/api/projects')).json()) as ProjectRow[]
  const found = list.find((project) => project.title === title)
  if (!found) throw new Error(`no project titled ${title}`)
  // Read it back the way the public detail page does.
  const response = await request.get(`/api/projects/${found.slug}`)
  expect(response.status()).toBe(200)
  return (await response.json()) as ProjectRow
}

function seedProject(request: APIRequestContext, token: string, extra: Partial<ProjectRow> = {}) {
  return apiCreate(request, token, '/api/projects', {
    title: unique('Seeded project'),
    description: 'A short line',
    long_description: 'A longer story',
    website_url: 'https://example.com/site',
    image_urls: ['https://example.com/one.png', 'https://example.com/two.png'],
    tags: ['a', 'b'],
    is_featured: true,
    ...extra,
  }) as Promise<ProjectRow>
}

const card = (page: Page, title: string) => page.getByRole('article').filter({ hasText: title })

test('the dashboard lists projects as cards with Edit and Delete', async ({
  adminPage: page,
  token,
  request,
}) => {
  const project = await seedProject(request, token)
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Manage Projects.' })).toBeVisible()
  const row = card(page, project.title)
  await expect(row.getByRole('heading', { name: project.title })).toBeVisible()
  await expect(row).toContainText('A short line')
  await expect(row.getByRole('link', { name: 'Edit' })).toHaveAttribute(
    'href',
    `/admin/projects/edit/${project.id}`,
  )
  await expect(row.getByRole('button', { name: 'Delete' })).toBeVisible()
})

test('creates a project through the form, trimming and dropping empty list items', async ({
  adminPage: page,
  request,
}) => {
  const title = unique('Form project')
  await page.goto('/admin')
  await page.getByRole('link', { name: 'Add Project' }).click()
  await expect(page).toHaveURL(/\/admin\/projects\/new$/)
  await expect(page.getByRole('heading', { name: 'Add New Project.' })).toBeVisible()

  for (const label of ['Title', 'Short Description', 'Long Description']) {
    await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('required', '')
  }
  // Counted, never cut by the browser: no maxlength on the control.
  await expect(page.getByLabel('Title', { exact: true })).not.toHaveAttribute('maxlength', /.*/)
  await expect(page.getByLabel('Long Description')).toHaveJSProperty('tagName', 'TEXTAREA')
  await expect(page.getByLabel('Featured Project')).not.toBeChecked()

  await page.getByLabel('Title', { exact: true }).fill(title)
  await page.getByLabel('Short Description').fill('Built in a weekend')
  await page.getByLabel('Long Description').fill('The whole story of the project.')
  await page.getByLabel('Website URL').fill('https://example.com/demo')
  await page
    .getByLabel('Image URLs (comma-separated)')
    .fill('  /images/a.png ,, https://example.com/b.png ,  ')
  await page.getByLabel('Tags (comma-separated)').fill(' React ,  , TypeScript,')
  await page.getByLabel('Featured Project').check()
  // A new project starts as a draft.
  await page.getByLabel('Published').check()
  await page.getByRole('button', { name: 'Save Project' }).click()

  await expect(page).toHaveURL(/\/admin$/)
  await expect(card(page, title)).toBeVisible()
  await expect(card(page, title)).toContainText('Built in a weekend')

  const saved = await projectTitled(request, title)
  expect(saved).toMatchObject({
    description: 'Built in a weekend',
    long_description: 'The whole story of the project.',
    website_url: 'https://example.com/demo',
    image_urls: ['/images/a.png', 'https://example.com/b.png'],
    tags: ['React', 'TypeScript'],
    is_featured: true,
  })
})

test('the edit form arrives prefilled and saves changes', async ({
  adminPage: page,
  token,
  request,
}) => {
  const project = await seedProject(request, token)
  await page.goto('/admin')
  await card(page, project.title).getByRole('link', { name: 'Edit' }).click()

  await expect(page).toHaveURL(new RegExp(`/admin/projects/edit/${project.id}$`))
  await expect(page.getByRole('heading', { name: 'Edit Project.' })).toBeVisible()
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(project.title)
  await expect(page.getByLabel('Short Description')).toHaveValue('A short line')
  await expect(page.getByLabel('Long Description')).toHaveValue('A longer story')
  await expect(page.getByLabel('Website URL')).toHaveValue('https://example.com/site')
  // Each item on its own line.
  await expect(page.getByLabel('Image URLs (comma-separated)')).toHaveValue(
    'https://example.com/one.png\nhttps://example.com/two.png',
  )
  await expect(page.getByLabel('Tags (comma-separated)')).toHaveValue('a\nb')
  await expect(page.getByLabel('Featured Project')).toBeChecked()

  const renamed = unique('Renamed project')
  await page.getByLabel('Title', { exact: true }).fill(renamed)
  await page.getByLabel('Tags (comma-separated)').fill('a, c ,')
  await page.getByLabel('Website URL').fill('')
  await page.getByLabel('Featured Project').uncheck()
  await page.getByRole('button', { name: 'Save Project' }).click()

  await expect(page).toHaveURL(/\/admin$/)
  await expect(card(page, renamed)).toBeVisible()
  await expect(card(page, project.title)).toHaveCount(0)

  const saved = await projectTitled(request, renamed)
  expect(saved).toMatchObject({
    id: project.id,
    tags: ['a', 'c'],
    website_url: null,
    is_featured: false,
  })

  // Opening the form again shows what was just saved.
  await card(page, renamed).getByRole('link', { name: 'Edit' }).click()
  await expect(page.getByLabel('Tags (comma-separated)')).toHaveValue('a\nc')
  await page.getByRole('link', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(/\/admin$/)
})

test('delete asks first: dismissed keeps the project, accepted removes it', async ({
  adminPage: page,
  token,
  request,
}) => {
  const project = await seedProject(request, token)
  await page.goto('/admin')
  const row = card(page, project.title)

  const questions: string[] = []
  await row.getByRole('button', { name: 'Delete' }).click()
  questions.push(await answerConfirm(page, false))
  await expect.poll(() => questions).toEqual(['Are you sure you want to delete this project?'])
  await expect(row).toBeVisible()
  expect((await request.get(`/api/projects/${project.slug}`)).status()).toBe(200)

  await row.getByRole('button', { name: 'Delete' }).click()
  questions.push(await answerConfirm(page, true))
  await expect(row).toHaveCount(0)
  expect(questions[1]).toBe('Are you sure you want to delete this project?')
  expect((await request.get(`/api/projects/${project.slug}`)).status()).toBe(404)
})

test('a delete the server refuses is shown inline', async ({ adminPage: page, token, request }) => {
  const project = await seedProject(request, token)
  await page.route('**/trpc/projects.delete**', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify([
        {
          error: {
            message: 'Something went wrong on our side. Please try again later.',
            code: -32603,
            data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 },
          },
        },
      ]),
    }),
  )
  await page.goto('/admin')
  await card(page, project.title).getByRole('button', { name: 'Delete' }).click()
  await answerConfirm(page, true)
  await expect(page.getByRole('alert')).toHaveText(
    'Something went wrong on our side. Please try again later.',
  )
  await expect(card(page, project.title)).toBeVisible()
})

test('an unknown project id shows the 404 page', async ({ adminPage: page }) => {
  await page.goto('/admin/projects/edit/2147480000')
  await expect(page.getByRole('heading', { name: 'Page Not Found.' })).toBeVisible()
  await page.goto('/admin/projects/edit/not-a-number')
  await expect(page.getByRole('heading', { name: 'Page Not Found.' })).toBeVisible()
})

test('invalid input is caught before sending and the form keeps it', async ({
  adminPage: page,
}) => {
  let sent = false
  await page.route('**/trpc/projects.create**', (route) => {
    sent = true
    return route.continue()
  })
  const title = unique('Unsafe project')
  await page.goto('/admin/projects/new')
  await page.getByLabel('Title', { exact: true }).fill(title)
  await page.getByLabel('Short Description').fill('Short')
  await page.getByLabel('Long Description').fill('Long')
  await page.getByLabel('Website URL').fill('javascript:alert(1)')
  await page.getByRole('button', { name: 'Save Project' }).click()

  await expect(page.getByRole('alert')).toHaveText(
    'Website URL must be an http(s) URL or a path starting with /.',
  )
  await expect(page.getByLabel('Website URL')).toHaveAttribute('aria-invalid', 'true')
  await expect(page).toHaveURL(/\/admin\/projects\/new$/)
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title)
  expect(sent).toBe(false)
})

test('a save the server rejects stays on the form with the server message', async ({
  adminPage: page,
  request,
}) => {
  // Let the real server judge an unsafe URL the browser form would have caught.
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/trpc/projects.create**', async (route) => {
    await held
    const body = route.request().postDataJSON() as Record<string, Record<string, unknown>>
    const input = body['0'] ?? {}
    await route.continue({
      postData: JSON.stringify({ 0: { ...input, website_url: 'javascript:alert(1)' } }),
    })
  })
  const title = unique('Rejected project')
  await page.goto('/admin/projects/new')
  await page.getByLabel('Title', { exact: true }).fill(title)
  await page.getByLabel('Short Description').fill('Short')
  await page.getByLabel('Long Description').fill('Long')
  await page.getByLabel('Tags (comma-separated)').fill('x, y')
  const save = page.getByRole('button', { name: 'Save Project' })
  await save.click()

  // The button waits for the answer.
  await expect(save).toBeDisabled()
  release()

  await expect(page.getByRole('alert')).toHaveText(
    'Website URL must be an http(s) URL or a path starting with /.',
  )
  await expect(save).toBeEnabled()
  await expect(page).toHaveURL(/\/admin\/projects\/new$/)
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title)
  await expect(page.getByLabel('Tags (comma-separated)')).toHaveValue('x, y')
  const list = (await (await request.get('/api/projects')).json()) as ProjectRow[]
  expect(list.some((project) => project.title === title)).toBe(false)
})
