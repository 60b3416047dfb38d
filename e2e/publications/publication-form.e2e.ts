/**
 * The publication form in Admin → Publications, on a server of its own whose
 * scholarly services are the local fake (e2e/support/fake-scholarly-server.ts):
 * a DOI looked up fills the form (nothing saved until Save), an unknown one
 * says so inline; the owner edits the title and an author, marks their own
 * entry and reorders the authors, and the public page shows it; a bad DOI
 * gets the server's message beside the field. Screenshots of the form at
 * 390 and 1280 px in both themes.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { type Page, test } from '@playwright/test'
import { allowUpTo, expect, expectNoAxeViolations } from '../fixtures'
import {
  type OwnServer,
  signInOnOwnServer,
  startOwnServer,
  stopChildren,
} from '../support/own-server'
import { pictures } from '../support/pictures'

const OWNER = { username: 'scholar-owner', password: 'scholar owner password' }

let fake: ChildProcess | undefined
let server: OwnServer | undefined
let base = ''

test.describe.configure({ mode: 'serial' })

/** The fake's settings, from the first line it prints. */
function fakeSettings(child: ChildProcess): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const line = out.split('\n')[0]
      if (out.includes('\n') && line) resolve(JSON.parse(line) as Record<string, string>)
    })
    child.on('exit', () => reject(new Error('the fake scholarly services did not start')))
  })
}

test.beforeAll(async () => {
  allowUpTo(90_000)
  fake = spawn('bun', ['e2e/support/fake-scholarly-server.ts'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  const urls = await fakeSettings(fake)
  server = await startOwnServer({
    name: 'portfolio-scholar-form',
    env: {
      ADMIN_USERNAME: OWNER.username,
      ADMIN_PASSWORD: OWNER.password,
      OWNER_NAME: 'Ada Lovelace',
      OUTBOUND_ALLOW_LOOPBACK: 'on',
      CROSSREF_API_URL: urls.crossrefUrl,
      DATACITE_API_URL: urls.dataciteUrl,
      ARXIV_API_URL: urls.arxivUrl,
      ORCID_API_URL: urls.orcidUrl,
      OPENALEX_API_URL: urls.openalexUrl,
    },
  })
  base = server.base
})

test.afterAll(async () => {
  await server?.stop()
  await stopChildren([fake])
})

const signIn = (page: Page) => signInOnOwnServer(page, base, OWNER)

test('a DOI looked up opens the form filled in; an unknown one says so', async ({ page }) => {
  allowUpTo(90_000)
  await signIn(page)
  await page.goto(`${base}/admin/publications`)
  const lookup = page.getByRole('form', { name: 'Look up a DOI or arXiv id' })
  await lookup.getByLabel('DOI or arXiv id').fill('10.9999/nothing-here')
  await lookup.getByRole('button', { name: 'Look up' }).click()
  await expect(lookup.getByRole('alert')).toContainText('No record was found for the DOI')

  await lookup.getByLabel('DOI or arXiv id').fill('https://doi.org/10.1145/3290605.3300233')
  await lookup.getByRole('button', { name: 'Look up' }).click()
  const dialog = page.getByRole('dialog', { name: 'New publication from lookup' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('Title')).toHaveValue('Gaze-Based Interaction')
  await expect(dialog.getByLabel('DOI')).toHaveValue('10.1145/3290605.3300233')
  await expect(dialog.getByLabel('Author 2 family name')).toHaveValue('Hopper')
  // Nothing stored until Save.
  const before = await page.request.get(`${base}/api/publications`)
  expect(((await before.json()) as unknown[]).length).toBe(0)
  await expectNoAxeViolations(page)
  for (const [width, height] of [
    [390, 844],
    [1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height })
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme })
      // The colours ease over (transitions): let them settle before the picture.
      await page.waitForTimeout(600)
      await page.screenshot({ path: `.tmp/shots/publication-form-${width}-${theme}.png` })
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await pictures(page, 'publications/form-from-lookup')

  // A DOI the server refuses: its message beside the field, nothing saved.
  await dialog.getByLabel('DOI').fill('not a doi')
  await dialog.getByRole('radio', { name: 'Published' }).check()
  await dialog.getByRole('button', { name: 'Save publication' }).click()
  await expect(
    dialog.getByText('DOI must look like 10.1145/3290605.3300233.').first(),
  ).toBeVisible()
  await dialog.getByLabel('DOI').fill('10.1145/3290605.3300233')
  await dialog.getByRole('button', { name: 'Save publication' }).click()
  // The first reference written loads citation-js (about 150 modules, on first use, not at
  // start): on a busy CI machine that alone has taken more than the default 7 s.
  await expect(dialog).toBeHidden({ timeout: 30_000 })
  await expect(
    page.getByRole('heading', { level: 3, name: 'Gaze-Based Interaction' }),
  ).toBeVisible()
})

test('the owner edits the title and an author, and the public page shows them', async ({
  page,
}) => {
  allowUpTo(90_000)
  await signIn(page)
  await page.goto(`${base}/admin/publications`)
  await page.getByRole('button', { name: 'Edit', exact: true }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Edit publication' })
  await dialog.getByLabel('Title').fill('Gaze-Based Interaction, Revisited')
  await dialog.getByLabel('Author 2 given name').fill('Grace Brewster')
  await dialog.getByRole('button', { name: 'Add author' }).click()
  await dialog.getByLabel('Author 3 family name').fill('Babbage')
  await dialog.getByLabel('Author 3 given name').fill('Charles')
  await dialog.getByRole('button', { name: 'Move up: Charles Babbage' }).click()
  await dialog.getByRole('button', { name: 'Save publication' }).click()
  await expect(dialog).toBeHidden()
  await expect(
    page.getByRole('heading', { level: 3, name: 'Gaze-Based Interaction, Revisited' }),
  ).toBeVisible()

  await page.goto(`${base}/publications`)
  const entry = page.getByRole('main')
  await expect(entry).toContainText('Gaze-Based Interaction, Revisited')
  await expect(entry).toContainText(/Lovelace.*Babbage.*Hopper/)
  await expect(entry).toContainText('Grace Brewster')
})

test('a talk and a course are edited in place, and the courses reordered', async ({ page }) => {
  allowUpTo(90_000)
  await signIn(page)
  await page.goto(`${base}/admin/talks`)
  const talkForm = page.getByRole('form', { name: 'Add a talk' })
  await talkForm.getByLabel('Title').fill('Notes on the Engine')
  await talkForm.getByLabel('Date').fill('2026-03-14')
  await talkForm.getByRole('button', { name: 'Add talk' }).click()
  await expect(page.getByRole('heading', { level: 3, name: 'Notes on the Engine' })).toBeVisible()
  await page.getByRole('button', { name: 'Edit', exact: true }).click()
  const editTalk = page.getByRole('form', { name: 'Edit talk' })
  await expect(editTalk.getByLabel('Title')).toHaveValue('Notes on the Engine')
  await editTalk.getByLabel('Title').fill('Notes on the Analytical Engine')
  await editTalk.getByLabel('Event').fill('Royal Society')
  await editTalk.getByRole('button', { name: 'Save talk' }).click()
  await expect(page.getByText('Talk saved.')).toBeVisible()
  await expect(
    page.getByRole('heading', { level: 3, name: 'Notes on the Analytical Engine' }),
  ).toBeVisible()
  await page.goto(`${base}/talks`)
  await expect(page.getByRole('main')).toContainText('Notes on the Analytical Engine')
  await expect(page.getByRole('main')).toContainText('Royal Society')

  await page.goto(`${base}/admin/teaching`)
  for (const course of ['Mechanical Computing', 'Difference Engines']) {
    const add = page.getByRole('form', { name: 'Add a course' })
    await add.getByLabel('Course').fill(course)
    await add.getByRole('button', { name: 'Add course' }).click()
    await expect(page.getByRole('heading', { level: 3, name: course })).toBeVisible()
  }
  const courses = page.getByRole('list', { name: 'Courses, in the order the site shows them' })
  const first = (await courses.getByRole('heading', { level: 3 }).first().textContent()) ?? ''
  await courses.getByRole('button', { name: 'Edit' }).first().click()
  const editCourse = page.getByRole('form', { name: 'Edit course' })
  await expect(editCourse.getByLabel('Course')).toHaveValue(first)
  await editCourse.getByLabel('Institution').fill('University of London')
  await editCourse.getByRole('button', { name: 'Save course' }).click()
  await expect(page.getByText('Course saved.')).toBeVisible()
  // Move down (a keyboard's way; the handle drags): the first course goes second.
  await courses.getByRole('button', { name: 'Move down' }).first().click()
  await expect(page.getByText('Course order saved.')).toBeVisible()
  await expect(courses.getByRole('heading', { level: 3 }).nth(1)).toHaveText(first)
  await page.goto(`${base}/teaching`)
  const text = (await page.getByRole('main').textContent()) ?? ''
  const other = first === 'Mechanical Computing' ? 'Difference Engines' : 'Mechanical Computing'
  expect(text.indexOf(other)).toBeLessThan(text.indexOf(first))
  expect(text).toContain('University of London')
})

test('the ORCID iD saved in the profile fills the sync; the new works come in as drafts, and a second check finds none', async ({
  page,
}) => {
  allowUpTo(90_000)
  await signIn(page)
  await page.goto(`${base}/admin/profile`)
  await page.getByLabel('ORCID iD', { exact: true }).fill('https://orcid.org/0000-0002-1825-0097')
  await page.getByRole('button', { name: 'Save Profile' }).click()
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Profile saved.')

  await page.goto(`${base}/admin/publications`)
  const panel = page.getByRole('region', { name: 'Sync with ORCID' })
  const field = panel.getByLabel('ORCID iD')
  await expect(field).toHaveValue('0000-0002-1825-0097')
  await expect(panel.getByText('The iD in your profile.')).toBeVisible()
  await panel.getByRole('button', { name: 'Check what is new' }).click()
  // The record's third work has the DOI of the publication saved above.
  await expect(panel.getByText('2 new works, 1 already here.')).toBeVisible()
  await expect(panel.getByRole('listitem')).toHaveText([
    'Notes on the Engine (2024)',
    'Engine Traces (2024)',
  ])
  await expectNoAxeViolations(page)
  await panel.scrollIntoViewIfNeeded()
  await pictures(page, 'publications/orcid-sync')
  await panel.getByRole('button', { name: 'Import 2 new' }).click()
  await expect(panel.getByRole('status')).toHaveText('Imported 2 as drafts.')
  await panel.getByRole('button', { name: 'Check what is new' }).click()
  await expect(panel.getByText('0 new works, 3 already here.')).toBeVisible()
})
