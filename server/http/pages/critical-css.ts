/**
 * Critical CSS: each page's `<head>` carries only the rules its own markup
 * can use, and the whole stylesheet follows once the page has painted.
 *
 * Why: the document is what a phone on a slow network waits for before the
 * first paint, and one that does not fit in TCP's first congestion window
 * (10 segments, ~14.6 KB with its headers) costs one more round trip.
 * With the whole public stylesheet inline (three site styles, both themes,
 * every public screen's utilities: ~9 KB of brotli) the larger pages did not
 * fit; with their own rules only, each page is 3–5 KB lighter.
 *
 * How: beasties compiles the stylesheet at build time (server/build/critical-css.ts);
 * here its runtime scans the rendered HTML for the tag names, classes, ids
 * and attribute names it holds and keeps every rule whose selectors could
 * match them (a superset: a rule is dropped only when something it needs is
 * absent). `<html>` is scanned as if in the dark theme (the theme script sets it
 * before the first paint; the light theme's rules have no condition), so
 * both themes are styled from the first paint; the rules on `data-fonts`
 * (whether the web fonts are on), on the visitor's theme choice, and every
 * `@font-face` are always kept (server/build/critical-css.ts).
 *
 * The whole stylesheet is then loaded by the page's boot script
 * (`entryBootScript`, as `link[data-site-css]`) once the largest paint is done, and the app hydrates
 * only after it has arrived (client/main.tsx): anything the app shows that
 * the server did not render is styled. Without scripts, a `<noscript>` link
 * loads it.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type CompactPlan, createProcessor } from 'beasties/runtime'
import type { Logger } from '../../log'

/** Where the build writes the plans, beside Vite's manifest (build metadata, never served). */
export function criticalPlansPath(distDir: string): string {
  return join(distDir, '.vite', 'critical-css.json')
}

/**
 * The page is scanned as dark (an attribute written before the page's own,
 * which the parser then ignores): the dark theme's rules are kept, both the
 * chosen one's and the device's (client/design.css: not chosen light), and
 * the light theme's have no condition, so the visitor's device can change its
 * setting and the page follows. The rules on the visitor's choice and on the
 * web fonts are kept whatever the markup (server/build/critical-css.ts).
 */
const RUNTIME_ROOT_ATTRIBUTES = ' data-theme="dark"'

export interface CriticalCss {
  /** The page with its inline stylesheet cut to the rules its markup can use (unchanged without one). */
  apply: (html: string) => string
}

function isPlans(value: unknown): value is Record<string, CompactPlan> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * The critical-CSS step for pages whose inline stylesheets are `styles`
 * (href → its CSS, in the order the router writes them into one `<style>`),
 * from the build's plans (`planPath`); null when the build has none for
 * them (an older build): the pages then keep the whole stylesheet inline.
 */
export function loadCriticalCss(
  planPath: string,
  styles: Readonly<Record<string, string>>,
  log: Logger,
): CriticalCss | null {
  const hrefs = Object.keys(styles)
  if (hrefs.length === 0) return null
  // What the router writes in the page's <style>: the stylesheets one after the other.
  const whole = Object.values(styles).join('')
  if (!existsSync(planPath)) {
    log.warn('no critical-CSS plan in the build: pages inline the whole stylesheet', {
      path: planPath,
    })
    return null
  }
  const parsed: unknown = JSON.parse(readFileSync(planPath, 'utf8'))
  const plans = isPlans(parsed) ? hrefs.map((href) => parsed[href]) : []
  if (plans.length === 0 || plans.some((plan) => plan === undefined)) {
    log.warn('the critical-CSS plan does not match the build: pages inline the whole stylesheet', {
      path: planPath,
    })
    return null
  }
  const processor = createProcessor(plans as CompactPlan[], { keyframes: 'critical' })
  const links = hrefs.map((href) => `<link rel="stylesheet" href="${href}">`).join('')
  const noscript = `<noscript>${links}</noscript>`

  return {
    apply(html) {
      // The router's <style> holds exactly the whole stylesheet (marked
      // `data-tsr-inline-css` on a server; `bun test` renders it unmarked).
      const at = html.indexOf(whole)
      const end = at + whole.length
      if (at < 1 || html[at - 1] !== '>' || !html.startsWith('</style>', end)) return html
      const page = html.slice(0, at) + html.slice(end)
      const critical = processor.extract(page.replace('<html', `<html${RUNTIME_ROOT_ATTRIBUTES}`))
      const close = end + '</style>'.length
      return (
        html.slice(0, at) + critical.css + html.slice(end, close) + noscript + html.slice(close)
      )
    },
  }
}
