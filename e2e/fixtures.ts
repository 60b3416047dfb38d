import AxeBuilder from '@axe-core/playwright'
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
} from '@playwright/test'
import { e2eAdmin } from '../playwright.config'

export { expect }

/** A unique suffix so tests running side by side never see each other's rows. */
export function unique(label: string): string {
  return `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
}

/**
 * The whole public stylesheet a server-rendered page names in its `<noscript>`
 * (its `<head>` carries only its own rules: server/http/pages/critical-css.ts);
 * '' when it names none. With scripting on, a `<noscript>`'s content is its text.
 */
export async function wholeStylesheetOf(page: Page): Promise<string> {
  return page
    .locator('noscript')
    .evaluate((element) => /href="([^"]+\.css)"/.exec(element.textContent ?? '')?.[1] ?? '')
}

/**
 * A page's script is ready and the network is quiet. A public page (a document with islands,
 * docs/decisions/0389): its island loader has run (`<html data-islands="ready">`; an island
 * itself hydrates on its first use). The app (the admin, the sign-in pages): hydrated, the
 * router has removed its bootstrap global.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(ready)
  await page.waitForLoadState('networkidle')
}

/** In the page: `hydrated`'s test. */
function ready(): boolean {
  if (document.querySelector('script[data-islands-loader]')) {
    return document.documentElement.dataset.islands === 'ready'
  }
  return !('$_TSR' in window)
}

/**
 * The axe rules that look at colour: what a page's dark theme can break that its light one,
 * with the same markup, already passed every rule on.
 */
export const colourRules = ['color-contrast', 'link-in-text-block']

/**
 * axe on the page, once a server-rendered one is hydrated: it looked (a page
 * passes dozens of rules, or each of the `rules` asked for passed or had nothing to look at)
 * and found no violation.
 */
export async function expectNoAxeViolations(
  page: Page,
  options: { rules?: string[] } = {},
): Promise<void> {
  await page.waitForFunction(ready)
  // Colours at rest: a transition under way (a button's colours easing in as it is
  // enabled, say) shows axe a colour between two, which no one reads. Endless
  // animations (a spinner, the loading pulse) are left to run.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  )
  // Only the violations are reported node by node: the passes come back one node per rule
  // (which rules looked is all this asks of them), which spares axe most of its work.
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] })
  if (options.rules) builder.withRules(options.rules)
  const results = await builder.analyze()
  const summary = results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }))
  expect(summary).toEqual([])
  if (options.rules) {
    // Each rule asked for looked: it passed, or the page has nothing it applies to.
    const looked = [...results.passes, ...results.inapplicable].map((rule) => rule.id)
    expect(looked.sort()).toEqual([...options.rules].sort())
    expect(results.passes.length).toBeGreaterThan(0)
  } else {
    expect(results.passes.length).toBeGreaterThan(10)
  }
}

/**
 * Answers the admin's confirmation dialog (a dialog of the page, never the
 * browser's): its confirming button, or Cancel. Answers its question.
 */
export async function answerConfirm(page: Page, accept: boolean): Promise<string> {
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  const question = (await dialog.getByRole('heading').textContent()) ?? ''
  await dialog
    .getByRole('button', { name: accept ? /^(Move to Trash|Delete for good)$/ : 'Cancel' })
    .click()
  await expect(dialog).toBeHidden()
  return question
}

/**
 * Sends a message as the contact page's form does: with the form token it
 * was served, a person's few seconds later (sooner, or without the token,
 * the server files it as spam). Answers the stored message.
 */
export async function sendRealMessage(
  request: APIRequestContext,
  data: { name: string; email: string; message: string },
): Promise<{ id: number; name: string; email: string; message: string }> {
  const form = await request.get('/api/contact/form-token')
  const { token } = (await form.json()) as { token: string }
  await new Promise((resolve) => setTimeout(resolve, 3_200))
  const response = await request.post('/api/contact', { data: { ...data, form_token: token } })
  expect(response.status(), await response.text()).toBe(201)
  return response.json()
}

export async function apiLogin(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/login', { data: e2eAdmin })
  expect(response.status()).toBe(200)
  return (await response.json()).token as string
}

/** Seeds content straight through the REST API (the same procedures the UI uses). */
export async function apiCreate(
  request: APIRequestContext,
  token: string,
  path: '/api/projects' | '/api/timeline' | '/api/notes' | '/api/teaching',
  data: Record<string, unknown>,
) {
  const response = await request.post(path, { data, headers: { authorization: `Bearer ${token}` } })
  expect(response.status(), await response.text()).toBe(201)
  return response.json()
}

/** A file as the journeys hand it to the browser. */
export interface TestFile {
  name: string
  type: string
  bytes: Buffer
}

/** Uploads an image through the REST API; answers the stored image. */
export async function apiUpload(
  request: APIRequestContext,
  token: string,
  file: TestFile,
  alt = '',
): Promise<{ id: number; url: string; alt: string; width: number; height: number }> {
  const response = await request.post('/api/media', {
    multipart: { file: { name: file.name, mimeType: file.type, buffer: file.bytes }, alt },
    headers: { authorization: `Bearer ${token}` },
  })
  expect(response.status(), await response.text()).toBe(201)
  return response.json()
}

/**
 * Drops files on an element as a person dragging them from the desktop
 * would: a real `drop` event whose DataTransfer holds the files.
 */
export async function dropFiles(target: Locator, files: TestFile[]): Promise<void> {
  const dataTransfer = await target.page().evaluateHandle(
    (list) => {
      const transfer = new DataTransfer()
      for (const file of list) {
        const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0))
        transfer.items.add(new File([bytes], file.name, { type: file.type }))
      }
      return transfer
    },
    files.map((file) => ({
      name: file.name,
      type: file.type,
      base64: file.bytes.toString('base64'),
    })),
  )
  await target.dispatchEvent('dragenter', { dataTransfer })
  await target.dispatchEvent('dragover', { dataTransfer })
  await target.dispatchEvent('drop', { dataTransfer })
}

/** Puts a token in local storage before any page script runs. */
export async function signInPage(page: Page, token: string): Promise<void> {
  await page.addInitScript((value) => window.localStorage.setItem('token', value), token)
}

/**
 * A journey's time limit: `ms` on a developer's machine, twice that on CI, as the default limit
 * is (playwright.config.ts). The limit catches a journey that hangs; it is never a speed check.
 */
export function allowUpTo(ms: number): void {
  test.setTimeout(process.env.CI ? ms * 2 : ms)
}

/**
 * A visitor's theme choice, as the header's switch stores it: the `theme`
 * cookie (src/domain/appearance.ts); "system" takes it away.
 */
export async function chooseTheme(
  context: BrowserContext,
  theme: 'system' | 'light' | 'dark',
): Promise<void> {
  const url = test.info().project.use.baseURL ?? ''
  if (theme === 'system') await context.clearCookies({ name: 'theme' })
  else await context.addCookies([{ name: 'theme', value: theme, url }])
}

/** The `theme` cookie the browser holds now (null: none, the device's setting). */
export async function storedTheme(context: BrowserContext): Promise<string | null> {
  return (await context.cookies()).find((cookie) => cookie.name === 'theme')?.value ?? null
}

export const test = base.extend<{ token: string; adminPage: Page }>({
  token: async ({ request }, use) => {
    await use(await apiLogin(request))
  },
  adminPage: async ({ page, token }, use) => {
    await signInPage(page, token)
    await use(page)
  },
})

export { e2eAdmin }
