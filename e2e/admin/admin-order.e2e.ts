import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { apiCreate, expect, test, unique } from '../fixtures'

/**
 * Putting projects and timeline events in order from the dashboard: by keyboard through dnd-kit, by the Move up / Move down buttons, each
 * saved at once with a toast, and the public pages following. A reorder
 * names every id, so these run once the journeys that add content are done
 * (the `ordering` project in playwright.config.ts).
 */

test.describe.configure({ mode: 'serial' })

interface Row {
  id: number
  title: string
  slug?: string
}

async function seedProjects(request: APIRequestContext, token: string, names: string[]) {
  const rows: Row[] = []
  for (const name of names) {
    rows.push(
      await apiCreate(request, token, '/api/projects', {
        title: unique(name),
        description: `${name} in short`,
        long_description: 'Long.',
      }),
    )
  }
  return rows
}

/** The titles of `mine`, in the order `all` lists them. */
function orderOf(all: string[], mine: Row[]): string[] {
  const titles = new Set(mine.map((row) => row.title))
  return all.filter((title) => titles.has(title))
}

async function apiOrder(request: APIRequestContext, path: string, mine: Row[]) {
  const list = (await (await request.get(path)).json()) as Row[]
  return orderOf(
    list.map((row) => row.title),
    mine,
  )
}

const projectList = (page: Page) =>
  page.getByRole('list', { name: 'Projects, in the order the site shows them' })

async function dashboardOrder(list: Locator, mine: Row[]) {
  return orderOf(await list.locator('[id$="-title"]').allTextContents(), mine)
}

const notifications = (page: Page) => page.getByRole('region', { name: 'Notifications' })

/** Picks a row up by its handle, presses `arrow` until dnd-kit announces `over`, drops it. */
async function dragByKeyboard(page: Page, handle: Locator, arrow: string, over: string) {
  await handle.focus()
  await page.keyboard.press('Space')
  await expect(handle).toHaveAttribute('aria-pressed', 'true')
  // dnd-kit measures the rows after the pick-up; an arrow pressed before that
  // finds nowhere to go (a person is never that fast).
  await expect(async () => {
    await page.keyboard.press(arrow)
    await expect(page.getByRole('status').filter({ hasText: over })).toBeAttached({
      timeout: 1_000,
    })
  }).toPass({ timeout: 10_000 })
  await page.keyboard.press('Space')
}

test('projects: move buttons and keyboard drag save the order at once, and /projects follows', async ({
  adminPage: page,
  request,
  token,
}) => {
  // A new project goes first: the dashboard lists C, B, A.
  const [a, b, c] = (await seedProjects(request, token, ['Alpha', 'Bravo', 'Charlie'])) as [
    Row,
    Row,
    Row,
  ]
  await page.goto('/admin')
  const list = projectList(page)
  await expect.poll(() => dashboardOrder(list, [a, b, c])).toEqual([c.title, b.title, a.title])

  // Move up: B before C. The focus stays on the row's buttons.
  const rowB = list.getByRole('article').filter({ hasText: b.title })
  await rowB.getByRole('button', { name: 'Move up' }).click()
  await expect(notifications(page)).toContainText('Project order saved.')
  await expect.poll(() => dashboardOrder(list, [a, b, c])).toEqual([b.title, c.title, a.title])
  await expect
    .poll(() => apiOrder(request, '/api/projects', [a, b, c]))
    .toEqual([b.title, c.title, a.title])

  // Move down from the keyboard: Enter on the focused button.
  const rowC = list.getByRole('article').filter({ hasText: c.title })
  await rowC.getByRole('button', { name: 'Move down' }).focus()
  await page.keyboard.press('Enter')
  await expect.poll(() => dashboardOrder(list, [a, b, c])).toEqual([b.title, a.title, c.title])
  // The focus stays on the row's buttons (Move up when it has become the last row).
  await expect(rowC.locator('button:focus')).toHaveAttribute('aria-label', /^Move (up|down)$/)
  await expect
    .poll(() => apiOrder(request, '/api/projects', [a, b, c]))
    .toEqual([b.title, a.title, c.title])

  // Drag A above B with the keyboard (dnd-kit): Space, arrow up, Space.
  const position = (await list.getByRole('article').allTextContents()).findIndex((text) =>
    text.includes(b.title),
  )
  const total = await list.getByRole('article').count()
  await dragByKeyboard(
    page,
    list.getByRole('article').filter({ hasText: a.title }).getByRole('button', { name: 'Reorder' }),
    'ArrowUp',
    `${a.title} is over position ${position + 1} of ${total}.`,
  )
  await expect(
    page.getByRole('status').filter({ hasText: `${a.title} was dropped at position` }),
  ).toBeAttached()
  await expect.poll(() => dashboardOrder(list, [a, b, c])).toEqual([a.title, b.title, c.title])
  await expect
    .poll(() => apiOrder(request, '/api/projects', [a, b, c]))
    .toEqual([a.title, b.title, c.title])

  // The public page, rendered on the server, lists them in that order.
  await page.goto('/projects')
  const cards = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents()
  expect(orderOf(cards, [a, b, c])).toEqual([a.title, b.title, c.title])
})

test('timeline: keyboard drag saves the order at once, and the home page follows', async ({
  adminPage: page,
  request,
  token,
}) => {
  const events: Row[] = []
  // Each starts later than the last (a new event takes its place by start date),
  // and later than any other journey's, so the three sit together at the top.
  for (const [name, start] of [
    ['First kb job', 'Jan 2032'],
    ['Second kb job', 'Feb 2032'],
    ['Third kb job', 'Mar 2032'],
  ] as const) {
    events.push(
      await apiCreate(request, token, '/api/timeline', {
        title: unique(name),
        start_date: start,
        position: 'Engineer',
        event_type: 'experience',
      }),
    )
  }
  const [first, second, third] = events as [Row, Row, Row]
  await page.goto('/admin')
  const list = page.getByRole('list', { name: 'Timeline events, in the order the site shows them' })
  // Latest start first: Third, Second, First.
  await expect
    .poll(() => dashboardOrder(list, events))
    .toEqual([third.title, second.title, first.title])

  // Drag First above Second (two rows up) with the keyboard: Space, arrow up twice, Space.
  const rows = list.locator(':scope > li')
  const titles = await rows.allTextContents()
  const target = titles.findIndex((text) => text.includes(second.title))
  await dragByKeyboard(
    page,
    rows.filter({ hasText: first.title }).getByRole('button', { name: 'Reorder' }),
    'ArrowUp',
    `${first.title} is over position ${target + 1} of ${titles.length}.`,
  )
  await expect(notifications(page)).toContainText('Timeline order saved.')
  await expect
    .poll(() => dashboardOrder(list, events))
    .toEqual([third.title, first.title, second.title])
  await expect
    .poll(() => apiOrder(request, '/api/timeline', events))
    .toEqual([third.title, first.title, second.title])

  await page.goto('/')
  const panel = page.getByRole('tabpanel', { name: 'Experience' })
  const shown = await panel.getByText(/kb job/).allTextContents()
  expect(orderOf(shown, events)).toEqual([third.title, first.title, second.title])
})

test('timeline: a new order shows on the home page', async ({
  adminPage: page,
  request,
  token,
}) => {
  const events: Row[] = []
  // After the keyboard test's (2032), before everyone else's: the two sit together.
  for (const [name, start] of [
    ['Older job', 'Jan 2031'],
    ['Newer job', 'Feb 2031'],
  ] as const) {
    events.push(
      await apiCreate(request, token, '/api/timeline', {
        title: unique(name),
        start_date: start,
        position: 'Engineer',
        event_type: 'experience',
      }),
    )
  }
  const [older, newer] = events as [Row, Row]
  await page.goto('/admin')
  const list = page.getByRole('list', { name: 'Timeline events, in the order the site shows them' })
  await expect.poll(() => dashboardOrder(list, events)).toEqual([newer.title, older.title])

  await list
    .getByRole('listitem')
    .filter({ hasText: newer.title })
    .getByRole('button', { name: 'Move down' })
    .click()
  await expect(notifications(page)).toContainText('Timeline order saved.')
  await expect
    .poll(() => apiOrder(request, '/api/timeline', events))
    .toEqual([older.title, newer.title])

  await page.goto('/')
  const panel = page.getByRole('tabpanel', { name: 'Experience' })
  const shown = await panel.getByText(/job/).allTextContents()
  expect(orderOf(shown, events)).toEqual([older.title, newer.title])
})

test('a reorder the server refuses puts the order back and the toast says why', async ({
  adminPage: page,
  request,
  token,
}) => {
  const mine = await seedProjects(request, token, ['Kept first', 'Kept second'])
  const [first, second] = mine as [Row, Row]
  await page.route('**/trpc/projects.reorder**', (route) =>
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
  const list = projectList(page)
  await expect.poll(() => dashboardOrder(list, mine)).toEqual([second.title, first.title])

  await list
    .getByRole('article')
    .filter({ hasText: second.title })
    .getByRole('button', { name: 'Move down' })
    .click()
  await expect(notifications(page)).toContainText(
    'The new order was not saved. Something went wrong on our side. Please try again later.',
  )
  await expect.poll(() => dashboardOrder(list, mine)).toEqual([second.title, first.title])
  expect(await apiOrder(request, '/api/projects', mine)).toEqual([second.title, first.title])

  // A failure stays until dismissed.
  await notifications(page).getByRole('button', { name: 'Dismiss' }).click()
  await expect(notifications(page)).not.toContainText('not saved')
})

test('a move made while the list is being fetched again stays: the older answer does not put the old order back', async ({
  adminPage: page,
  request,
  token,
}) => {
  const mine: Row[] = []
  for (const name of ['Early Course', 'Late Course']) {
    const row = await apiCreate(request, token, '/api/teaching', {
      course: unique(name),
      terms: [],
      status: 'published',
    })
    mine.push({ id: row.id, title: row.course })
  }
  const [older, newer] = mine as [Row, Row]
  const courseOf = (row: Row) =>
    page
      .getByRole('list', { name: 'Courses, in the order the site shows them' })
      .getByRole('listitem')
      .filter({ hasText: row.title })
  const apiCourses = async () => {
    const list = (await (await request.get('/api/teaching')).json()) as { course: string }[]
    return orderOf(
      list.map((row) => row.course),
      mine,
    )
  }
  await page.goto('/admin/teaching')
  const list = page.getByRole('list', { name: 'Courses, in the order the site shows them' })
  // The newer first.
  await expect.poll(() => dashboardOrder(list, mine)).toEqual([newer.title, older.title])

  // From now on the list's answers come late: the save below asks for the list again.
  let asked = 0
  let answered = 0
  await page.route('**/trpc/teaching.list**', async (route) => {
    asked += 1
    const answer = await route.fetch()
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await route.fulfill({ response: answer }).catch(() => undefined)
    answered += 1
  })
  await courseOf(newer).getByRole('button', { name: 'Edit' }).click()
  const form = page.getByRole('form', { name: 'Edit course' })
  await form.getByLabel('Institution').fill('University of London')
  await form.getByRole('button', { name: 'Save course' }).click()
  await expect(page.getByText('Course saved.')).toBeVisible()
  // At once, while the list's answer (the order before the move) is on its way.
  await courseOf(newer).getByRole('button', { name: 'Move down' }).click()
  await expect(notifications(page)).toContainText('Course order saved.')
  // The late answer has come; the list still shows the move, as the server has it.
  await expect.poll(() => asked).toBeGreaterThan(0)
  await expect.poll(() => answered, { timeout: 10_000 }).toBe(asked)
  expect(await dashboardOrder(list, mine)).toEqual([older.title, newer.title])
  expect(await apiCourses()).toEqual([older.title, newer.title])
  await page.unroute('**/trpc/teaching.list**')
})

test('a draft shows its badge and a preview link on the dashboard', async ({
  adminPage: page,
  request,
  token,
}) => {
  const draft = (await apiCreate(request, token, '/api/projects', {
    title: unique('Half-written'),
    description: 'Not ready',
    long_description: 'Soon.',
    is_published: false,
  })) as Row
  await page.goto('/admin')
  const row = projectList(page).getByRole('article').filter({ hasText: draft.title })
  await expect(row.getByText('Draft', { exact: true })).toBeVisible()
  await expect(row.getByText('Published', { exact: true })).toHaveCount(0)
  await expect(row.getByRole('link', { name: 'Preview' })).toHaveAttribute(
    'href',
    `/projects/${draft.slug}`,
  )
})
