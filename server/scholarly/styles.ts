/**
 * CSL styles citation-js does not carry: IEEE (styles/ieee.csl, a compact style written for
 * this project, decision 0396). Registered once, on import, under `ieee`.
 */
import { readFileSync } from 'node:fs'
import { plugins } from '@citation-js/core'
import '@citation-js/plugin-csl'

const styles = plugins.config.get('@csl').styles as {
  has(name: string): boolean
  add(name: string, xml: string): void
}
if (!styles.has('ieee'))
  styles.add('ieee', readFileSync(new URL('./styles/ieee.csl', import.meta.url), 'utf8'))
