/**
 * The web fonts' built files and which one each site style preloads. The
 * faces are declared in client/design.css (self-hosted, hashed into
 * /assets/); the page preloads only the face of its largest text, the
 * display face of its style, so it paints in its own font without a swap.
 */
import type { SiteStyle } from '../../src/domain/site-styles'

/** The display face of each style, by its file's name in @fontsource-variable/*. */
export const LCP_FONT_FILE: Record<SiteStyle, string> = {
  minimal: 'inter-latin-wght-normal.woff2',
  editorial: 'fraunces-latin-opsz-normal.woff2',
  bold: 'bricolage-grotesque-latin-opsz-normal.woff2',
}

/** A font file's name → its built address (`/assets/…-<hash>.woff2`), from Vite's manifest. */
export type FontFiles = Record<string, string>

/** The built .woff2 files of a Vite manifest (`{ [source]: { file } }`), by their source's name. */
export function fontFilesOf(manifest: Record<string, { file: string; src?: string }>): FontFiles {
  const files: FontFiles = {}
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.file.endsWith('.woff2')) continue
    const name = (chunk.src ?? key).split('/').at(-1)
    if (name) files[name] = `/${chunk.file}`
  }
  return files
}
