/**
 * The core of `bun run screenshots` (scripts/screenshots.ts), also run by
 * e2e/appearance/screenshots.e2e.ts so CI covers it: every public page and admin
 * screen at 390 px and 1280 px, in the light and the dark theme (the
 * browser's colour scheme, which the site follows by default), as PNGs.
 * No comparison with earlier pictures; each shot records the page's
 * background colour, so a caller can tell a dark shot is really dark.
 */
import { join } from 'node:path'
import type { Browser } from '@playwright/test'
import { notFoundPath, publicPagePaths } from './site-pages'

export const screenWidths = [390, 1280] as const
export const colorSchemes = ['light', 'dark'] as const

export function screenPaths(slug: string) {
  return {
    public: [...publicPagePaths({ project: slug }), notFoundPath],
    admin: [
      '/admin',
      '/admin/projects',
      '/admin/timeline',
      '/admin/projects/new',
      '/admin/profile',
      '/admin/media',
      '/admin/cv',
      '/admin/backup',
      '/admin/security',
      '/admin/appearance',
      '/admin/pages',
      '/admin/pages/new',
      '/admin/navigation',
      '/admin/search-sharing',
      '/admin/audit',
      '/admin/analytics',
      '/admin/share-links',
      '/admin/newsletter',
      '/admin/trash',
      '/admin/conversations',
      '/login',
    ],
  }
}

export interface Shot {
  path: string
  file: string
  width: number
  colorScheme: (typeof colorSchemes)[number]
  /** The theme the page shows (its computed `color-scheme`). */
  theme: string | undefined
  /** The body's computed background colour. */
  background: string
}

export async function captureScreens(options: {
  browser: Browser
  base: string
  /** A session token for the admin screens, put where the login page puts it. */
  token: string
  slug: string
  outDir: string
  /** Only these paths (default: every screen). */
  paths?: string[]
}): Promise<Shot[]> {
  const all = screenPaths(options.slug)
  const paths = options.paths ?? [...all.public, ...all.admin]
  const shots: Shot[] = []
  for (const colorScheme of colorSchemes) {
    for (const width of screenWidths) {
      const context = await options.browser.newContext({
        viewport: { width, height: 900 },
        colorScheme,
      })
      const page = await context.newPage()
      let signedIn = false
      for (const path of paths) {
        // Signed in as the login page leaves it, once, at the first admin screen (the public
        // pages before it are a visitor's).
        if (path.startsWith('/admin') && !signedIn) {
          await page.goto(`${options.base}/`)
          await page.evaluate((value) => localStorage.setItem('token', value), options.token)
          signedIn = true
        }
        await page.goto(`${options.base}${path}`, { waitUntil: 'networkidle' })
        const file = join(
          options.outDir,
          `${path === '/' ? 'home' : path.slice(1).replaceAll('/', '_')}-${width}-${colorScheme}.png`,
        )
        await page.screenshot({ path: file, fullPage: true })
        const { theme, background } = await page.evaluate(() => ({
          // The theme shown (a public page without a choice has no `data-theme`: CSS follows the device).
          theme: getComputedStyle(document.documentElement).colorScheme,
          background: getComputedStyle(document.body).backgroundColor,
        }))
        shots.push({ path, file, width, colorScheme, theme, background })
      }
      await context.close()
    }
  }
  return shots
}
