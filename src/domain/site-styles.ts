/**
 * The site styles the owner picks from (Settings → Appearance): how the
 * public pages look, as CSS under `[data-style="…"]` (client/design.css,
 * docs/design.md). The first is the default, and what a site that never
 * chose one (or a backup from before styles) has. No zod here: the public
 * pages' entry imports this.
 */
export const SITE_STYLES = ['minimal', 'editorial', 'bold'] as const
export type SiteStyle = (typeof SITE_STYLES)[number]
export const DEFAULT_SITE_STYLE: SiteStyle = 'minimal'

export function isSiteStyle(value: unknown): value is SiteStyle {
  return typeof value === 'string' && (SITE_STYLES as readonly string[]).includes(value)
}

/** What each style is called and what it looks like, for the Appearance screen. */
export const SITE_STYLE_INFO: Record<SiteStyle, { name: string; description: string }> = {
  minimal: {
    name: 'Minimal',
    description: 'Quiet and clean: a sans-serif throughout, soft cards, lots of air.',
  },
  editorial: {
    name: 'Editorial',
    description: 'Magazine-like: a serif display face, generous type, fine rules.',
  },
  bold: {
    name: 'Bold',
    description: 'A large hero in your accent colour, heavy headings, big covers.',
  },
}
