/**
 * The analytics chart's two lines: views in the accent's readable shade
 * (`--color-accent-ink`, already 4.5:1 on the theme's surfaces), visitors in
 * a colour of a hue far from it, so the two lines never look alike whatever
 * accent the owner picks (a green accent once drew both lines green).
 * Both reach 3:1 on the card they are drawn on (WCAG's non-text contrast),
 * in each theme; visitors is also dashed, so colour is not the only cue.
 */
import { contrastRatio, hslOf, luminance } from '../../src/domain/accent'

/** The least contrast of a line against the surface it is drawn on (WCAG 1.4.11). */
export const MIN_LINE_CONTRAST = 3

/** Candidates for the visitors' line, per theme: orange, teal, pink, sky, violet, amber. */
const candidates = {
  light: ['#c2410c', '#0f766e', '#be185d', '#0369a1', '#6d28d9', '#a16207'],
  dark: ['#fb923c', '#2dd4bf', '#f472b6', '#38bdf8', '#a78bfa', '#facc15'],
} as const

/** How far apart two hues are around the wheel (0–180). */
export function hueDistance(a: string, b: string): number {
  const d = Math.abs(hslOf(a).hue - hslOf(b).hue)
  return Math.min(d, 360 - d)
}

const HEX = /^#[0-9a-f]{6}$/i

/**
 * The two lines' colours on `surface` (`#rrggbb`, the card's background):
 * `accentInk` for views (its own fallback when it is not `#rrggbb`), and the
 * candidate of the surface's theme that is farthest in hue from it.
 */
export function seriesColours(
  accentInk: string,
  surface: string,
): { views: string; visitors: string } {
  const dark = HEX.test(surface) && luminance(surface) < 0.2
  const theme = dark ? 'dark' : 'light'
  const views = HEX.test(accentInk) ? accentInk : dark ? '#8d87ee' : '#4f46e5'
  const background = HEX.test(surface) ? surface : dark ? '#0f172a' : '#ffffff'
  const grey = hslOf(views).saturation < 0.15
  const ranked = candidates[theme]
    .filter((colour) => contrastRatio(colour, background) >= MIN_LINE_CONTRAST)
    .map((colour, index) => ({ colour, score: grey ? -index : hueDistance(colour, views) }))
    .sort((a, b) => b.score - a.score)
  return { views, visitors: ranked[0]?.colour ?? candidates[theme][0] }
}
