/**
 * The site's accent colour, chosen by the owner in the profile (`accent_color`,
 * `#rrggbb`), and the colours derived from it so that text stays readable
 * (WCAG AA, 4.5:1) whatever the owner picks, in both themes:
 * - `onAccent`: the text on a filled accent surface (buttons): white or black,
 *   whichever contrasts more (the better of the two always reaches 4.58:1);
 * - `accentHover`: the filled surface under the pointer, moved away from its text;
 * - `inkLight` / `inkDark`: accent-coloured text (links, the active tab) on the
 *   light and the dark theme's backgrounds: the accent, darkened or lightened
 *   just enough;
 * - `softLight` / `softDark`: a faint accent wash behind such text.
 * The backgrounds are the themes' surface tokens in client/design.css (a test
 * reads them from there).
 */

import { ACCENT_PATTERN, ACCENT_PROPERTIES, DEFAULT_ACCENT } from './accent-names'

export { ACCENT_PATTERN, ACCENT_PROPERTIES, DEFAULT_ACCENT }

/** The surfaces accent text is drawn on, per theme: surface, raised, sunken (client/design.css). */
export const themeSurfaces = {
  light: ['#f8fafc', '#ffffff', '#f1f5f9'],
  dark: ['#020617', '#0f172a', '#1e293b'],
} as const

/** The raised surface a soft wash is mixed into, per theme. */
const washBase = { light: '#ffffff', dark: '#0f172a' } as const

type Rgb = [number, number, number]

function parse(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16)
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255]
}

function format(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`
}

/** Hue (0–360), saturation and lightness (0–1) of a `#rrggbb` colour, as HSL reads them. */
export function hslOf(hex: string): { hue: number; saturation: number; lightness: number } {
  const [r, g, b] = parse(hex).map((channel) => channel / 255) as Rgb
  const max = Math.max(r, g, b)
  const min = Math.min(r, g, b)
  const lightness = (max + min) / 2
  const delta = max - min
  if (delta === 0) return { hue: 0, saturation: 0, lightness }
  const hue =
    max === r ? ((g - b) / delta) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4
  return {
    hue: (hue * 60 + 360) % 360,
    saturation: delta / (1 - Math.abs(2 * lightness - 1)),
    lightness,
  }
}

/** `share` of `b` mixed into `a`, in sRGB (what `color-mix(in srgb, …)` does). */
export function mix(a: string, b: string, share: number): string {
  const [x, y] = [parse(a), parse(b)]
  return format([0, 1, 2].map((i) => (x[i] ?? 0) * (1 - share) + (y[i] ?? 0) * share) as Rgb)
}

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
export function luminance(hex: string): number {
  const [r, g, b] = parse(hex).map((channel) => {
    const c = channel / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as Rgb
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/** AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5

/**
 * The accent moved towards `target` (black or white) in small steps until it
 * reaches AA on every background; at worst `target` itself (21:1 or close).
 */
function readableOn(accent: string, backgrounds: readonly string[], target: string): string {
  for (let step = 0; step <= 20; step++) {
    const candidate = mix(accent, target, step / 20)
    if (backgrounds.every((bg) => contrastRatio(candidate, bg) >= MIN_TEXT_CONTRAST)) {
      return candidate
    }
  }
  return target
}

export interface AccentPalette {
  accent: string
  onAccent: string
  accentHover: string
  inkLight: string
  inkDark: string
  softLight: string
  softDark: string
}

/** The accent's palette; anything that is not `#rrggbb` gets the default accent's. */
export function accentPalette(color: string): AccentPalette {
  const accent = ACCENT_PATTERN.test(color) ? color.toLowerCase() : DEFAULT_ACCENT
  const onAccent =
    contrastRatio(accent, '#ffffff') >= contrastRatio(accent, '#000000') ? '#ffffff' : '#000000'
  // Away from its text: darker under white text, lighter under black; its contrast only grows.
  const accentHover = mix(accent, onAccent === '#ffffff' ? '#000000' : '#ffffff', 0.12)
  const softLight = mix(washBase.light, accent, 0.1)
  const softDark = mix(washBase.dark, accent, 0.2)
  return {
    accent,
    onAccent,
    accentHover,
    inkLight: readableOn(accent, [...themeSurfaces.light, softLight], '#000000'),
    inkDark: readableOn(accent, [...themeSurfaces.dark, softDark], '#ffffff'),
    softLight,
    softDark,
  }
}

/**
 * The palette as the CSS custom properties client/design.css reads (set on
 * `<html>`); none for the default accent, whose palette is the stylesheet's
 * fallback for each (a test holds them equal).
 */
export function accentStyle(color: string): Record<string, string> | undefined {
  const palette = accentPalette(color)
  if (palette.accent === DEFAULT_ACCENT) return undefined
  return accentProperties(palette)
}

export function accentProperties(palette: AccentPalette): Record<string, string> {
  const values: Record<(typeof ACCENT_PROPERTIES)[number], string> = {
    '--accent': palette.accent,
    '--on-accent': palette.onAccent,
    '--accent-hover': palette.accentHover,
    '--accent-ink': palette.inkLight,
    '--accent-ink-dark': palette.inkDark,
    '--accent-soft': palette.softLight,
    '--accent-soft-dark': palette.softDark,
  }
  return Object.fromEntries(ACCENT_PROPERTIES.map((name) => [name, values[name]]))
}
