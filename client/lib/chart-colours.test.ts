import { describe, expect, test } from 'bun:test'
import { accentPalette, contrastRatio, themeSurfaces } from '../../src/domain/accent'
import { hueDistance, MIN_LINE_CONTRAST, seriesColours } from './chart-colours'

/** Accents an owner may pick: the default, greens (the success colour's hue), and around the wheel. */
const accents = [
  '#4f46e5',
  '#047857',
  '#059669',
  '#22c55e',
  '#10b981',
  '#0f766e',
  '#e11d48',
  '#f97316',
  '#eab308',
  '#0ea5e9',
  '#a855f7',
  '#ec4899',
  '#64748b',
  '#000000',
  '#ffffff',
]
const card = { light: themeSurfaces.light[1], dark: themeSurfaces.dark[1] }

describe('the analytics chart draws views and visitors in two colours', () => {
  for (const accent of accents) {
    for (const theme of ['light', 'dark'] as const) {
      test(`accent ${accent}, ${theme} theme: far apart in hue, each 3:1 on the card`, () => {
        const palette = accentPalette(accent)
        const ink = theme === 'light' ? palette.inkLight : palette.inkDark
        const { views, visitors } = seriesColours(ink, card[theme])
        expect(views).toBe(ink)
        expect(visitors).not.toBe(views)
        expect(contrastRatio(views, card[theme])).toBeGreaterThanOrEqual(MIN_LINE_CONTRAST)
        expect(contrastRatio(visitors, card[theme])).toBeGreaterThanOrEqual(MIN_LINE_CONTRAST)
        // A grey accent has no hue to move away from; any other is at least 60° away.
        if (!['#64748b', '#000000', '#ffffff'].includes(accent)) {
          expect(hueDistance(views, visitors)).toBeGreaterThanOrEqual(60)
        }
      })
    }
  }

  test('a green accent does not meet a green visitors line', () => {
    const { visitors } = seriesColours(accentPalette('#047857').inkLight, card.light)
    expect(hueDistance(visitors, '#047857')).toBeGreaterThan(90)
  })

  test('tokens the page could not read fall back to the default accent, still apart', () => {
    const { views, visitors } = seriesColours('', '')
    expect(views).toBe('#4f46e5')
    expect(hueDistance(views, visitors)).toBeGreaterThanOrEqual(60)
  })
})
