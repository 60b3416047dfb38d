/**
 * Critical CSS as a page's first GET sees it: the `<head>` carries only the
 * rules the page's markup can use (with what the theme script may switch on
 * before the first paint), the whole stylesheet is named for browsers
 * without scripts and for the boot script, and a build without plans keeps
 * the whole stylesheet inline. The build step compiles a real stylesheet
 * with beasties here; the pages are the site's own, rendered by the server.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { writeCriticalPlans } from '../../build/critical-css'
import { criticalPlansPath } from '../../http/pages/critical-css'
import { createTestApp, type TestApp } from '../support/harness'

const SITE = 'https://ada.example'

/** Rules the home page uses, and rules it does not, in the shapes Tailwind and design.css write. */
const css = [
  '@layer theme{:root,:host{--color-ink:#0f172a}}',
  '@layer base{h1{font-size:2rem}::placeholder{color:gray}:focus-visible{outline:3px solid}}',
  '@layer utilities{.sticky{position:sticky}.never-on-any-page{color:red}',
  ':where(.space-y-4>:not(:last-child)){margin-block-start:1rem}',
  '.sticky:where([data-theme=dark],[data-theme=dark] *){background:black}',
  '.never-on-any-page:where([data-theme=dark],[data-theme=dark] *){color:blue}}',
  '[data-style=minimal] h1{letter-spacing:-.01em}[data-style=bold] h1{text-transform:uppercase}',
  '[data-theme-choice=dark] .theme-option-dark{display:contents}',
  ':root:not([data-fonts]){--font-sans:"Inter Variable Fallback"}',
  ':root[data-fonts]{--font-sans:"Inter Variable"}',
  '@font-face{font-family:"Inter Variable Fallback";src:local("Arial");size-adjust:107%}',
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-ring-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
].join('')

function dist(withPlans: boolean): string {
  const dir = join(tmpdir(), `portfolio-critical-${process.pid}-${withPlans ? 'plans' : 'none'}`)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(join(dir, '.vite'), { recursive: true })
  mkdirSync(join(dir, 'assets'), { recursive: true })
  writeFileSync(
    join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': {
        file: 'assets/index-e1.js',
        src: 'index.html',
        isEntry: true,
        css: ['assets/index-c1.css'],
      },
    }),
  )
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>shell</title>')
  writeFileSync(join(dir, 'assets', 'index-c1.css'), css)
  if (withPlans) expect(writeCriticalPlans(dir)).toBe(1)
  return dir
}

/** The page's first `<style>`: the router's inline stylesheet (marked `data-tsr-inline-css` outside `bun test`). */
function inlineStyle(html: string): string {
  return /<style[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? ''
}

describe('with the build’s plans', () => {
  let t: TestApp
  let home = ''
  beforeAll(async () => {
    t = await createTestApp({ ssr: true, siteUrl: SITE, distDir: dist(true) })
    const response = await t.request('GET', '/')
    expect(response.status).toBe(200)
    home = response.text
    // The first server render in a process loads the site's route modules.
  }, 60_000)
  afterAll(() => t.close())

  test('the page carries the rules its markup uses, not the others', () => {
    const style = inlineStyle(home)
    expect(style).toContain('.sticky{position:sticky}')
    expect(style).toContain('h1{font-size:2rem}')
    expect(style).toContain('--color-ink:#0f172a')
    expect(style).not.toContain('never-on-any-page')
  })

  test('the dark theme, the visitor’s choice and the web fonts are styled from the first paint', () => {
    const style = inlineStyle(home)
    expect(style).toContain(
      '.sticky:where([data-theme=dark],[data-theme=dark] *){background:black}',
    )
    expect(style).toContain('[data-theme-choice=dark] .theme-option-dark')
    expect(style).toContain(':root:not([data-fonts])')
    expect(style).toContain(':root[data-fonts]')
    expect(style).toContain('@font-face{font-family:"Inter Variable Fallback"')
  })

  test('only the site’s own style: a rule for another style is left out', () => {
    expect(home).toMatch(/<html[^>]*data-style="minimal"/)
    const style = inlineStyle(home)
    expect(style).toContain('[data-style=minimal] h1')
    expect(style).not.toContain('[data-style=bold]')
  })

  test('rules that start with a pseudo-class or element are kept, and every @property survives', () => {
    const style = inlineStyle(home)
    expect(style).toContain(':where(.space-y-4>:not(:last-child))')
    expect(style).toContain('::placeholder{color:gray}')
    expect(style).toContain(':focus-visible{outline:3px solid}')
    expect(style).toContain('@property --tw-shadow{')
    expect(style).toContain('@property --tw-ring-shadow{')
    // A block at-rule followed by `;` would make the browser drop the next rule.
    expect(style).not.toContain('};')
  })

  test('the whole stylesheet is named for browsers without scripts and for the boot script', () => {
    expect(home).toContain(
      '<noscript><link rel="stylesheet" href="/assets/index-c1.css"></noscript>',
    )
    expect(home).toContain('link.dataset.siteCss')
    expect(home).toContain('["/assets/index-c1.css"]')
  })
})

describe('without plans (an older build)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ ssr: true, siteUrl: SITE, distDir: dist(false) })
  }, 60_000)
  afterAll(() => t.close())

  test('the page carries the whole stylesheet, as before', async () => {
    const response = await t.request('GET', '/')
    expect(response.status).toBe(200)
    expect(inlineStyle(response.text)).toBe(css)
    expect(response.text).not.toContain('<noscript><link')
  })
})

test('the plans are written beside Vite’s manifest, never under the served assets', () => {
  expect(criticalPlansPath('/srv/dist')).toBe('/srv/dist/.vite/critical-css.json')
})
