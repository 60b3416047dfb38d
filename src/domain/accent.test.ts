import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import {
  accentPalette,
  accentProperties,
  accentStyle,
  contrastRatio,
  DEFAULT_ACCENT,
  MIN_TEXT_CONTRAST,
  themeSurfaces,
} from './accent'

const hexColor = fc
  .integer({ min: 0, max: 0xffffff })
  .map((value) => `#${value.toString(16).padStart(6, '0')}`)

describe('contrast ratio (WCAG 2)', () => {
  test('black on white is 21:1, a colour on itself 1:1, either order', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5)
    expect(contrastRatio('#4f46e5', '#4f46e5')).toBeCloseTo(1, 5)
    // Tailwind's indigo-600 on white: 6.29:1 by WebAIM's checker.
    expect(contrastRatio('#4f46e5', '#ffffff')).toBeCloseTo(6.29, 2)
  })
})

describe('the accent palette', () => {
  test('text on the accent is white on a dark accent and black on a light one', () => {
    expect(accentPalette('#4f46e5').onAccent).toBe('#ffffff')
    expect(accentPalette('#1e3a8a').onAccent).toBe('#ffffff')
    expect(accentPalette('#facc15').onAccent).toBe('#000000')
    expect(accentPalette('#a5f3fc').onAccent).toBe('#000000')
  })

  test('the default indigo keeps its own colour for links on the light theme and gets a light tint on the dark one', () => {
    const palette = accentPalette(DEFAULT_ACCENT)
    expect(palette.accent).toBe('#4f46e5')
    expect(palette.inkLight).toBe('#4f46e5')
    expect(palette.inkDark).not.toBe('#4f46e5')
    expect(contrastRatio(palette.inkDark, '#0f172a')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
  })

  test('whatever the colour, every text it colours reaches AA (4.5:1) on every surface it is drawn on', () => {
    fc.assert(
      fc.property(hexColor, (color) => {
        const p = accentPalette(color)
        expect(contrastRatio(p.onAccent, p.accent)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
        expect(contrastRatio(p.onAccent, p.accentHover)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
        for (const bg of [...themeSurfaces.light, p.softLight]) {
          expect(contrastRatio(p.inkLight, bg)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
        }
        for (const bg of [...themeSurfaces.dark, p.softDark]) {
          expect(contrastRatio(p.inkDark, bg)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
        }
      }),
      { numRuns: 2000 },
    )
  })

  test('upper-case input is normalised; anything that is not #rrggbb gets the default palette', () => {
    expect(accentPalette('#ABCDEF').accent).toBe('#abcdef')
    for (const bad of ['', 'red', '#fff', '#12345g', 'url(x)', '#4f46e5;color:red']) {
      expect(accentPalette(bad)).toEqual(accentPalette(DEFAULT_ACCENT))
    }
  })

  test('the style on <html> sets the custom properties client/design.css reads, whose fallbacks are the default palette', async () => {
    const css = await Bun.file(new URL('../../client/design.css', import.meta.url)).text()
    expect(accentStyle(DEFAULT_ACCENT)).toBeUndefined()
    expect(Object.keys(accentStyle('#0f766e') ?? {})).toHaveLength(7)
    for (const [property, value] of Object.entries(
      accentProperties(accentPalette(DEFAULT_ACCENT)),
    )) {
      expect(css).toContain(`var(${property}, ${value})`)
    }
  })

  test('the surfaces it checks against are the themes’ surface tokens in client/design.css', async () => {
    const css = await Bun.file(new URL('../../client/design.css', import.meta.url)).text()
    const token = (block: string, name: string) =>
      new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6})`).exec(block)?.[1]
    const light = css.slice(css.indexOf('@theme {'))
    const darkAt = css.indexOf(':root {\n    @variant dark {')
    expect(darkAt).toBeGreaterThan(0)
    const dark = css.slice(darkAt)
    expect(['surface', 'surface-raised', 'surface-sunken'].map((n) => token(light, n))).toEqual([
      ...themeSurfaces.light,
    ])
    expect(['surface', 'surface-raised', 'surface-sunken'].map((n) => token(dark, n))).toEqual([
      ...themeSurfaces.dark,
    ])
  })
})
