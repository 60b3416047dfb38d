/**
 * Import from GitHub, then the repositories on the public pages: the owner
 * picks two repositories on the Import from GitHub screen, publishes the
 * drafts, and visitors see the stars and language on the cards and the
 * repository panel on each project page, in both themes. The server runs
 * on its own here (its GITHUB_API_URL is a fake GitHub API on loopback,
 * e2e/support/fake-github-server.ts), as e2e/security/hostile-content.e2e.ts does.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { type Page, test } from '@playwright/test'
import { allowUpTo, expect, expectNoAxeViolations, hydrated } from '../fixtures'
import { freePort } from '../support/free-port'
import {
  type OwnServer,
  signInOnOwnServer,
  startOwnServer,
  stopChildren,
  waitForAnswer,
} from '../support/own-server'
import { pictures } from '../support/pictures'

const OWNER = { username: 'github-owner', password: 'github owner password' }

let fakeGitHub: ChildProcess | undefined
let server: OwnServer | undefined
let base = ''

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  allowUpTo(90_000)
  const githubPort = await freePort()
  const github = `http://127.0.0.1:${githubPort}`
  fakeGitHub = spawn('bun', ['e2e/support/fake-github-server.ts', String(githubPort)], {
    stdio: 'ignore',
  })
  await waitForAnswer(`${github}/repos/ada/none`, 'the fake GitHub API')
  server = await startOwnServer({
    name: 'portfolio-github',
    env: {
      ADMIN_USERNAME: OWNER.username,
      ADMIN_PASSWORD: OWNER.password,
      OWNER_NAME: 'Ada Lovelace',
      OWNER_GITHUB_URL: 'https://github.com/ada',
      GITHUB_API_URL: github,
      GITHUB_TOKEN: 'github_pat_e2e_never_shown',
    },
  })
  base = server.base
})

test.afterAll(async () => {
  await server?.stop()
  await stopChildren([fakeGitHub])
})

const signIn = (page: Page) => signInOnOwnServer(page, base, OWNER)

test('the owner imports two repositories from GitHub as drafts', async ({ page }) => {
  await signIn(page)
  await page
    .getByRole('region', { name: 'Manage Projects.' })
    .getByRole('link', { name: 'Import from GitHub' })
    .click()
  await expect(page.getByRole('heading', { name: 'Import from GitHub.' })).toBeVisible()
  const list = page.getByRole('group', { name: /Repositories to import/ })
  // Every page of the list (two a page), last pushed first, forks marked.
  await expect(list.getByRole('checkbox')).toHaveCount(3)
  await expect(list.getByRole('listitem').first()).toContainText('ada/analytical-engine')
  await expect(list.getByRole('listitem').last()).toContainText('Fork')
  await expect(list.getByRole('listitem').nth(1)).toContainText('Archived')
  await expectNoAxeViolations(page)
  await pictures(page, 'github/import-screen', { fullPage: true })

  await list.getByLabel('ada/analytical-engine').check()
  await list.getByLabel('ada/note_g').check()
  await page.getByRole('button', { name: 'Import selected' }).click()
  await expect(page.getByText('Imported 2 repositories as draft projects.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Edit Analytical Engine' })).toBeVisible()
  // Listed as imported now: nothing more to import there.
  await expect(list.getByLabel('ada/analytical-engine')).toBeDisabled()

  // The drafts, with their repository fetched.
  await page.goto(`${base}/admin`)
  const projects = page.getByRole('region', { name: 'Manage Projects.' })
  await expect(projects.getByRole('article', { name: 'Analytical Engine' })).toContainText('Draft')
  await expect(projects.getByRole('article', { name: 'Analytical Engine' })).toContainText(
    'GitHub: fetched',
  )
})

test('visitors see the repositories on the cards and the project pages, in both themes', async ({
  page,
  request,
}) => {
  // Three pages in two themes, each with axe and four pictures: about 25 s on a quiet
  // 2-core machine, which left too little of the usual 30 s beside other work.
  allowUpTo(60_000)
  // The owner publishes both drafts (the edit form is another journey's).
  const login = await request.post(`${base}/api/auth/login`, { data: OWNER })
  const token = (await login.json()).token as string
  const auth = { authorization: `Bearer ${token}` }
  for (const project of await (
    await request.get(`${base}/api/projects`, { headers: auth })
  ).json()) {
    const {
      id,
      slug: _s,
      images: _i,
      long_description_html: _h,
      repo: _r,
      repo_sync: _y,
      created_at: _c,
      updated_at: _u,
      ...data
    } = project
    const saved = await request.put(`${base}/api/projects/${id}`, {
      data: { ...data, is_published: true },
      headers: auth,
    })
    expect(saved.status()).toBe(200)
  }

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await page.goto(`${base}/projects`)
    await hydrated(page)
    const card = page.getByRole('article').filter({ hasText: 'Analytical Engine' })
    await expect(card).toContainText('1,843')
    await expect(card).toContainText('stars on GitHub')
    await expect(card).toContainText('TypeScript')
    await expect(page.getByRole('article').filter({ hasText: 'Note G' })).toContainText('Python')
    await pictures(page, 'github/cards', { schemes: [scheme], fullPage: true })
    // pictures() leaves the colour scheme unemulated: this round's again for the next page.
    await page.emulateMedia({ colorScheme: scheme })

    await page.goto(`${base}/projects/analytical-engine`)
    await hydrated(page)
    const panel = page.getByRole('region', { name: 'Source Code.' })
    await expect(panel.getByText('ada/analytical-engine', { exact: true })).toBeVisible()
    await expect(panel.getByRole('definition').first()).toHaveText('1,843')
    await expect(panel).toContainText('Forks212')
    await expect(panel).toContainText('LicenceMIT')
    const pushed = panel.locator('time')
    await expect(pushed).toHaveText('3 days ago')
    await expect(pushed).toHaveAttribute('title', /\d{4}/)
    await expect(panel.getByRole('list', { name: 'Languages' })).toContainText('TypeScript61%')
    await expect(panel).not.toContainText('Archived')
    // The README, its relative link made absolute.
    await expect(page.getByRole('link', { name: 'mill and store' })).toHaveAttribute(
      'href',
      'https://github.com/ada/analytical-engine/blob/main/docs/design.md',
    )
    await expectNoAxeViolations(page)
    await pictures(page, 'github/panel', { schemes: [scheme], fullPage: true })
    await page.emulateMedia({ colorScheme: scheme })

    await page.goto(`${base}/projects/note-g`)
    await hydrated(page)
    const archived = page.getByRole('region', { name: 'Source Code.' })
    await expect(archived.getByText('Archived', { exact: true })).toBeVisible()
    await expect(archived).toContainText('LicenceNone')
    await expectNoAxeViolations(page)
    await pictures(page, 'github/panel-archived', { schemes: [scheme], fullPage: true })
  }
})
