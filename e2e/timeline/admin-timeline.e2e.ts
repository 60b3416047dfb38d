import type { APIRequestContext, Page } from '@playwright/test'
import { answerConfirm, apiCreate, expect, test, unique } from '../fixtures'

interface EventRow {
  id: number
  title: string
  start_date: string
  end_date: string | null
  position: string
  icon_path: string | null
  description: string[]
  event_type: 'experience' | 'education'
}

async function eventTitled(request: APIRequestContext, title: string): Promise<EventRow> {
  const list = (await (await request.get('/api/timeline')).json()) as EventRow[]
  const found = list.find((event) => event.title === title)
  if (!found) throw new Error(`no timeline event titled ${title}`)
  return found
}

function seedEvent(request: APIRequestContext, token: string, extra: Partial<EventRow> = {}) {
  return apiCreate(request, token, '/api/timeline', {
    title: unique('Seeded event'),
    start_date: 'Sep 2021',
    end_date: 'Jun 2024',
    position: 'B.Sc. Computer Science',
    icon_path: 'https://example.com/uni.png',
    description: ['a', 'b'],
    event_type: 'education',
    ...extra,
  }) as Promise<EventRow>
}

const row = (page: Page, title: string) => page.getByRole('listitem').filter({ hasText: title })

test('the dashboard lists events with title, position and type', async ({
  adminPage: page,
  token,
  request,
}) => {
  const event = await seedEvent(request, token)
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Manage Timeline.' })).toBeVisible()
  const item = row(page, event.title)
  await expect(item).toContainText('B.Sc. Computer Science')
  await expect(item).toContainText('Education')
  await expect(item.getByRole('link', { name: 'Edit' })).toHaveAttribute(
    'href',
    `/admin/timeline/edit/${event.id}`,
  )
  await expect(item.getByRole('button', { name: 'Delete' })).toBeVisible()
})

test('creates an event through the form; type defaults to Experience', async ({
  adminPage: page,
  request,
}) => {
  const title = unique('Form event')
  await page.goto('/admin')
  await page.getByRole('link', { name: 'Add Event' }).click()
  await expect(page).toHaveURL(/\/admin\/timeline\/new$/)
  await expect(page.getByRole('heading', { name: 'Add New Timeline Event.' })).toBeVisible()

  const type = page.getByLabel('Type')
  await expect(type).toHaveValue('experience')
  await expect(type.getByRole('option')).toHaveText(['Experience', 'Education'])
  await expect(page.getByLabel('Title', { exact: true })).toHaveAttribute('required', '')
  await expect(page.getByLabel('Start Date')).toHaveAttribute('required', '')
  await expect(page.getByLabel('End Date (optional)')).not.toHaveAttribute('required', '')

  await page.getByLabel('Title', { exact: true }).fill(title)
  await page.getByLabel('Start Date').fill('Jan 2024')
  await page.getByLabel('Position / Degree').fill('Intern')
  await page.getByLabel('Icon URL').fill('/icons/work.svg')
  await page
    .getByLabel('Description (comma-separated)')
    .fill(' Built the API ,, Wrote the tests ,  ')
  await page.getByRole('button', { name: 'Save Event' }).click()

  await expect(page).toHaveURL(/\/admin$/)
  await expect(row(page, title)).toContainText('Experience')
  await expect(row(page, title)).toContainText('Intern')

  expect(await eventTitled(request, title)).toMatchObject({
    start_date: 'Jan 2024',
    end_date: null,
    position: 'Intern',
    icon_path: '/icons/work.svg',
    description: ['Built the API', 'Wrote the tests'],
    event_type: 'experience',
  })
})

test('creates an education event by choosing Education', async ({ adminPage: page, request }) => {
  const title = unique('Degree event')
  await page.goto('/admin/timeline/new')
  await page.getByLabel('Title', { exact: true }).fill(title)
  await page.getByLabel('Start Date').fill('Sep 2022')
  await page.getByLabel('End Date (optional)').fill('Jun 2026')
  await page.getByLabel('Type').selectOption({ label: 'Education' })
  await page.getByRole('button', { name: 'Save Event' }).click()

  await expect(page).toHaveURL(/\/admin$/)
  await expect(row(page, title)).toContainText('Education')
  expect(await eventTitled(request, title)).toMatchObject({
    end_date: 'Jun 2026',
    event_type: 'education',
    description: [],
  })
})

test('the edit form arrives prefilled and saves changes', async ({
  adminPage: page,
  token,
  request,
}) => {
  const event = await seedEvent(request, token)
  await page.goto('/admin')
  await row(page, event.title).getByRole('link', { name: 'Edit' }).click()

  await expect(page).toHaveURL(new RegExp(`/admin/timeline/edit/${event.id}$`))
  await expect(page.getByRole('heading', { name: 'Edit Timeline Event.' })).toBeVisible()
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(event.title)
  await expect(page.getByLabel('Start Date')).toHaveValue('Sep 2021')
  await expect(page.getByLabel('End Date (optional)')).toHaveValue('Jun 2024')
  await expect(page.getByLabel('Position / Degree')).toHaveValue('B.Sc. Computer Science')
  await expect(page.getByLabel('Icon URL')).toHaveValue('https://example.com/uni.png')
  await expect(page.getByLabel('Description (comma-separated)')).toHaveValue('a\nb')
  await expect(page.getByLabel('Type')).toHaveValue('education')

  const renamed = unique('Renamed event')
  await page.getByLabel('Title', { exact: true }).fill(renamed)
  await page.getByLabel('End Date (optional)').fill('')
  await page.getByLabel('Description (comma-separated)').fill('a, b, c')
  await page.getByLabel('Type').selectOption({ label: 'Experience' })
  await page.getByRole('button', { name: 'Save Event' }).click()

  await expect(page).toHaveURL(/\/admin$/)
  await expect(row(page, renamed)).toContainText('Experience')
  await expect(row(page, event.title)).toHaveCount(0)
  expect(await eventTitled(request, renamed)).toMatchObject({
    id: event.id,
    end_date: null,
    description: ['a', 'b', 'c'],
    event_type: 'experience',
  })
})

test('delete asks first: dismissed keeps the event, accepted removes it', async ({
  adminPage: page,
  token,
  request,
}) => {
  const event = await seedEvent(request, token)
  await page.goto('/admin')
  const item = row(page, event.title)

  const questions: string[] = []
  await item.getByRole('button', { name: 'Delete' }).click()
  questions.push(await answerConfirm(page, false))
  await expect
    .poll(() => questions)
    .toEqual(['Are you sure you want to delete this timeline event?'])
  await expect(item).toBeVisible()
  expect((await request.get(`/api/timeline/${event.id}`)).status()).toBe(200)

  await item.getByRole('button', { name: 'Delete' }).click()
  questions.push(await answerConfirm(page, true))
  await expect(item).toHaveCount(0)
  expect(questions[1]).toBe('Are you sure you want to delete this timeline event?')
  expect((await request.get(`/api/timeline/${event.id}`)).status()).toBe(404)
})

test('an unknown event id shows the 404 page', async ({ adminPage: page }) => {
  await page.goto('/admin/timeline/edit/2147480000')
  await expect(page.getByRole('heading', { name: 'Page Not Found.' })).toBeVisible()
  await page.goto('/admin/timeline/edit/0')
  await expect(page.getByRole('heading', { name: 'Page Not Found.' })).toBeVisible()
})

test('a failed save stays on the form with the server message and the input', async ({
  adminPage: page,
  token,
  request,
}) => {
  const event = await seedEvent(request, token)
  await page.route('**/trpc/timeline.update**', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify([
        {
          error: {
            message: 'Start date must be at most 100 characters.',
            code: -32600,
            data: { code: 'BAD_REQUEST', httpStatus: 400 },
          },
        },
      ]),
    }),
  )
  await page.goto(`/admin/timeline/edit/${event.id}`)
  await page.getByLabel('Position / Degree').fill('Changed position')
  await page.getByRole('button', { name: 'Save Event' }).click()

  await expect(page.getByRole('alert')).toHaveText('Start date must be at most 100 characters.')
  await expect(page).toHaveURL(new RegExp(`/admin/timeline/edit/${event.id}$`))
  await expect(page.getByLabel('Position / Degree')).toHaveValue('Changed position')
  await expect(page.getByRole('button', { name: 'Save Event' })).toBeEnabled()
  expect(await eventTitled(request, event.title)).toMatchObject({
    position: 'B.Sc. Computer Science',
  })
})

test('a save with an expired session clears the token and goes to /login', async ({
  adminPage: page,
  token,
  request,
}) => {
  await page.goto('/admin/timeline/new')
  await expect(page.getByRole('heading', { name: 'Add New Timeline Event.' })).toBeVisible()
  // The session ends elsewhere while the form is open.
  const logout = await request.post('/api/auth/logout', {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(logout.ok()).toBe(true)

  await page.getByLabel('Title', { exact: true }).fill(unique('Too late'))
  await page.getByLabel('Start Date').fill('2025')
  await page.getByRole('button', { name: 'Save Event' }).click()
  await expect(page).toHaveURL(/\/login$/)
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull()
})
