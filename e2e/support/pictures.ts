/**
 * Pictures: the PNGs a journey takes for a person to look at, never compared
 * with anything (a check that compares pixels takes its own screenshots, as
 * e2e/appearance/appearance.e2e.ts does). They go to `.tmp/pictures/<journey>/…`.
 *
 * CI keeps no files, so there a picture is only time spent on a busy 2-core
 * machine: on CI (`CI` set) none is taken, unless `E2E_PICTURES=1` asks for
 * them (`E2E_PICTURES=0` leaves them out anywhere). The journeys that exist
 * only to take pictures are tagged `@pictures`, and playwright.config.ts
 * leaves them out by the same rule.
 *
 * Only types come from @playwright/test: playwright.config.ts imports this file.
 */
import { mkdir } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Locator, Page } from '@playwright/test'

/** Where the pictures go: `.tmp/pictures/` at the repository's root. */
export const picturesDir = fileURLToPath(new URL('../../.tmp/pictures', import.meta.url))

/** Whether journeys take pictures: yes, except on CI; `E2E_PICTURES=1` or `0` decides instead. */
export function picturesWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.E2E_PICTURES === '1') return true
  if (env.E2E_PICTURES === '0') return false
  return !env.CI
}

function isPage(target: Page | Locator): target is Page {
  return 'goto' in target
}

/**
 * One picture of the page (the viewport, or `fullPage`) or of one element, as
 * `.tmp/pictures/<name>.png`; `name` may name a folder (`admin-layout/nav-open-390-dark`).
 * Nothing when pictures are not wanted.
 */
export async function picture(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (!picturesWanted()) return
  const path = join(picturesDir, `${name}.png`)
  await mkdir(dirname(path), { recursive: true })
  if (isPage(target)) await target.screenshot({ path, fullPage: options.fullPage ?? false })
  else await target.screenshot({ path })
}

/**
 * The page as it is, in each colour scheme (light and dark by default) at each
 * width (390 and 1280 px by default, 900 px high): `<name>-<width>-<scheme>.png`.
 * Afterwards the page has its viewport back and no colour scheme emulated
 * (`emulateMedia({ colorScheme: null })`): a test that goes on in a scheme of
 * its own sets it again. When pictures are not wanted, nothing at all: neither
 * the viewport nor the scheme changes.
 */
export async function pictures(
  page: Page,
  name: string,
  options: { widths?: number[]; schemes?: Array<'light' | 'dark'>; fullPage?: boolean } = {},
): Promise<void> {
  if (!picturesWanted()) return
  const { widths = [390, 1280], schemes = ['light', 'dark'], fullPage = false } = options
  const size = page.viewportSize()
  for (const colorScheme of schemes) {
    await page.emulateMedia({ colorScheme })
    await settled(page)
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 })
      await picture(page, `${name}-${width}-${colorScheme}`, { fullPage })
    }
  }
  if (size) await page.setViewportSize(size)
  await page.emulateMedia({ colorScheme: null })
}

/**
 * After a change of scheme the colours ease over (CSS transitions): wait for the
 * next frame, when they have started, then for every running animation to end.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    await Promise.all(
      // Transitions only: an animation that loops (a spinner) never finishes.
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    )
  })
}
