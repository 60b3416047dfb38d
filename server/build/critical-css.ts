/**
 * The critical-CSS plans of the client build: for each stylesheet the
 * public pages inline (the entry's), beasties' compiled form of it
 * (`compileSheet`, encoded with `encodePlan`), written to
 * dist/.vite/critical-css.json. The server decodes it at start (a couple of
 * milliseconds; compiling needs PostCSS, ~0.2 s, so it is done here once)
 * and writes into each page only the rules that page's markup can use
 * (server/http/pages/critical-css.ts).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type CompiledSheet, compileSheet, encodePlan } from 'beasties/compiler'
import type { CompactPlan } from 'beasties/runtime'
import { criticalPlansPath } from '../http/pages/critical-css'

/** The plans file: stylesheet href (`/assets/….css`) → its compiled plan. */
export type CriticalPlans = Record<string, CompactPlan>

interface ViteChunk {
  isEntry?: boolean
  css?: string[]
}

/**
 * beasties 0.5.4 ends every at-rule without nested rules with `;` (right for
 * `@import …;`), so an `@property --x{…}` comes out as `@property --x{…};`
 * and the browser reads the `;` as the start of the next rule's selector:
 * every `@property` after the first was dropped, and with them Tailwind's
 * shadows, rings and gradients (seen on the pages' screenshots).
 */
function withBlockAtRulesClosed(sheet: CompiledSheet): CompiledSheet {
  for (const rule of sheet.rules) {
    if (rule.always && rule.css?.endsWith('};')) rule.css = rule.css.slice(0, -1)
  }
  return sheet
}

/**
 * Every `@font-face` rule, always: beasties keeps a face when a kept rule
 * names its family in a `font-family`, but ours name them through custom
 * properties (`--font-sans`, the styles' `--font-display`), which it does
 * not follow. They are six small rules (the web faces and their
 * metric-matched fallbacks); without them the first paint used the
 * system's default face.
 */
function withEveryFontFace(sheet: CompiledSheet): CompiledSheet {
  for (const rule of sheet.rules) {
    if (!rule.fontFace) continue
    delete rule.fontFace
    rule.always = true
  }
  return sheet
}

/** Compiles the entry's stylesheets and writes their plans; answers how many. */
export function writeCriticalPlans(distDir: string): number {
  const manifest = JSON.parse(
    readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ViteChunk>
  const plans: CriticalPlans = {}
  for (const chunk of Object.values(manifest)) {
    if (!chunk.isEntry) continue
    for (const file of chunk.css ?? []) {
      const path = join(distDir, file)
      if (!existsSync(path)) continue
      const href = `/${file}`
      const sheet = compileSheet(readFileSync(path, 'utf8'), {
        href,
        allowRules: [
          // Whether the web fonts are on, and the theme the visitor chose, are the visitor's to
          // say (their cookies, or the switch pressed in place), not the markup's.
          /\[data-fonts\]/,
          /\[data-theme-choice/,
          // beasties 0.5.4 wipes a selector that starts with a pseudo-class or element (its
          // pattern takes `:where(` to the last `)`) and then drops the rule: Tailwind's
          // `space-y-*` (`:where(.space-y-4>:not(:last-child))`), `::placeholder`,
          // `:focus-visible`, `:where(h1,h2,h3)`, the dark variant of .prose-md. Kept, always:
          // a few small rules. (`:root…` it reads right: `:root[data-style=bold]` is kept only
          // on a page in that style.)
          /^:(?!root)/,
          // The dark tokens of a dark device (client/design.css's variant on `:root`:
          // `:root:root:not([data-theme=light])`), which it drops although they match: one rule,
          // and the page without a choice needs it to follow the device.
          /^:root:root:not\(/,
        ],
      })
      plans[href] = encodePlan(withEveryFontFace(withBlockAtRulesClosed(sheet)))
    }
  }
  writeFileSync(criticalPlansPath(distDir), JSON.stringify(plans))
  return Object.keys(plans).length
}
