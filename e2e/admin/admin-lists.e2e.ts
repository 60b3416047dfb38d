import type { APIRequestContext } from '@playwright/test'
import { expect, test, unique } from '../fixtures'

/*
 * Lists that keep commas: the list fields take one item per
 * line, a single line is still split on commas, and an edit form shows each
 * item on its own line so "40,000" survives a round trip.
 */

async function findByTitle<T extends { title: string }>(
  request: APIRequestContext,
  path: '/api/timeline' | '/api/projects',
  title: string,
): Promise<T> {
  const list = (await (await request.get(path)).json()) as T[]
  const found = list.find((item) => item.title === title)
  if (!found) throw new Error(`nothing titled ${title} at ${path}`)
  return found
}

test('a bullet holding a comma stays one bullet, through an edit too', async ({
  adminPage: page,
  request,
}) => {
  const title = unique('Bike share')
  const bullets = ['Used by 40,000 riders', 'Led a team of 3']
  await page.goto('/admin/timeline/new')
  await page.getByLabel('Title', { exact: true }).fill(title)
  await page.getByLabel('Start Date').fill('Mar 2023')
  const description = page.getByLabel('Description (comma-separated)')
  await expect(description).toHaveAccessibleDescription(/^One per line, or separated by commas\./)
  await description.fill(bullets.join('\n'))
  await page.getByRole('button', { name: 'Save Event' }).click()
  await expect(page).toHaveURL(/\/admin$/)

  const { id } = await findByTitle<{ id: number; title: string }>(request, '/api/timeline', title)
  const stored = async () => (await (await request.get(`/api/timeline/${id}`)).json()).description
  expect(await stored()).toEqual(bullets)

  // The public timeline shows two bullets.
  await page.goto('/')
  const item = page
    .getByRole('tabpanel', { name: 'Projects & Experience' })
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: title }) })
  await expect(item.getByRole('listitem')).toHaveText(bullets)

  // The edit form shows each bullet on its own line; saving unchanged keeps both.
  await page.goto(`/admin/timeline/edit/${id}`)
  await expect(page.getByLabel('Description (comma-separated)')).toHaveValue(bullets.join('\n'))
  await page.getByRole('button', { name: 'Save Event' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  expect(await stored()).toEqual(bullets)
})

test('tags pasted as one line are split on commas', async ({ adminPage: page, request }) => {
  const title = unique('Pasted tags')
  await page.goto('/admin/projects/new')
  await page.getByLabel('Title', { exact: true }).fill(title)
  await page.getByLabel('Short Description').fill('Short')
  await page.getByLabel('Long Description').fill('Long')
  await page.getByLabel('Tags (comma-separated)').fill('React, Node.js')
  await page.getByLabel('Published').check()
  await page.getByRole('button', { name: 'Save Project' }).click()
  await expect(page).toHaveURL(/\/admin$/)

  const saved = await findByTitle<{ id: number; title: string; tags: string[] }>(
    request,
    '/api/projects',
    title,
  )
  expect(saved.tags).toEqual(['React', 'Node.js'])

  // Shown again one per line.
  await page.goto(`/admin/projects/edit/${saved.id}`)
  const tags = page.getByLabel('Tags (comma-separated)')
  await expect(tags).toHaveAccessibleDescription(
    'One per line, or separated by commas. A comma between two digits (40,000) stays in the item.',
  )
  await expect(tags).toHaveValue('React\nNode.js')
})

test('a one-line bullet with a number keeps its comma: one bullet, not two', async ({
  adminPage: page,
  request,
}) => {
  const title = unique('Riders')
  await page.goto('/admin/timeline/new')
  await page.getByLabel('Title', { exact: true }).fill(title)
  await page.getByLabel('Start Date').fill('Apr 2023')
  await page.getByLabel('Description (comma-separated)').fill('Used by 40,000 riders')
  await page.getByRole('button', { name: 'Save Event' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  const event = await findByTitle<{ description: string[]; title: string }>(
    request,
    '/api/timeline',
    title,
  )
  expect(event.description).toEqual(['Used by 40,000 riders'])
})
