/**
 * `bun scripts/font-fallbacks.ts`: prints the metric-matched fallback
 * @font-face rules of client/design.css. Each web font gets a local system
 * face (Arial for the grotesques, Georgia for the serif) scaled and
 * stretched with `size-adjust` and the ascent/descent/line-gap overrides so
 * its lines take the web font's room: when the web font swaps in, nothing
 * moves (CLS 0). Metrics from capsize's collection (Google Fonts' files, the
 * ones @fontsource-variable/* ships); the rules from capsize's own
 * createFontStack. Paste the output over the block it replaces.
 */
import { createFontStack } from '@capsizecss/core'
import arial from '@capsizecss/metrics/arial'
import bricolageGrotesque from '@capsizecss/metrics/bricolageGrotesque'
import fraunces from '@capsizecss/metrics/fraunces'
import georgia from '@capsizecss/metrics/georgia'
import inter from '@capsizecss/metrics/inter'

const stacks = [
  { family: 'Inter Variable', metrics: inter, fallback: arial },
  { family: 'Fraunces Variable', metrics: fraunces, fallback: georgia },
  { family: 'Bricolage Grotesque Variable', metrics: bricolageGrotesque, fallback: arial },
]

for (const { family, metrics, fallback } of stacks) {
  const { fontFaces } = createFontStack([{ ...metrics, familyName: family }, fallback])
  console.log(`/* ${family}: ${fallback.familyName}, matched */`)
  console.log(fontFaces)
}
