/**
 * Text for the generated covers in the site's own faces (the variable
 * WOFF2 files of @fontsource-variable that the pages load), measured and
 * drawn as glyph outlines: a cover is shown through `<img>`, where an SVG
 * loads no font, so outlines are the only way it shows the site's faces,
 * and measuring them is what keeps every line inside its box.
 *
 * fontkit lays the text out (advances and kerning); it cannot take a
 * variable WOFF2's instances, so each file is first turned back into
 * TrueType (wawoff2). Both, and the files, are loaded on the first cover
 * and kept: a server nobody asks for a cover never loads them. A character
 * the face lacks comes from the next file of its chain (Inter's Latin
 * Extended, Greek, Cyrillic, Vietnamese); one no file has (CJK, emoji) is
 * written as `<text>` in the system's face, measured as a full em.
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Font, Glyph } from 'fontkit'
import type { SiteStyle } from '../../src/domain/site-styles'

/** A face of the site at one instance: its files in order, and its axes' values. */
interface FaceSpec {
  files: readonly string[]
  settings: Record<string, number>
}

const inter = (name: string) => `inter/files/inter-${name}-wght-normal.woff2`
/** Inter beyond Latin: what a title in another script falls back to. */
const interFallbacks = ['latin-ext', 'greek', 'greek-ext', 'cyrillic', 'cyrillic-ext', 'vietnamese']

/** The title's face per site style (client/design.css `--font-display`), and the labels' (Inter). */
export const faces = {
  minimal: {
    files: [inter('latin'), ...interFallbacks.map(inter)],
    settings: { wght: 800 },
  },
  editorial: {
    files: [
      'fraunces/files/fraunces-latin-opsz-normal.woff2',
      'fraunces/files/fraunces-latin-ext-opsz-normal.woff2',
      ...interFallbacks.map(inter),
    ],
    settings: { wght: 700, opsz: 144 },
  },
  bold: {
    files: [
      'bricolage-grotesque/files/bricolage-grotesque-latin-opsz-normal.woff2',
      'bricolage-grotesque/files/bricolage-grotesque-latin-ext-opsz-normal.woff2',
      ...interFallbacks.map(inter),
    ],
    settings: { wght: 800, opsz: 96 },
  },
  label: {
    files: [inter('latin'), ...interFallbacks.map(inter)],
    settings: { wght: 650 },
  },
} as const satisfies Record<SiteStyle | 'label', FaceSpec>
export type FaceName = keyof typeof faces

/** One glyph placed on a line: an outline (`key` into the defs) or a character no face has. */
export interface PlacedGlyph {
  x: number
  advance: number
  /** The outline's id in the SVG's defs; absent: `char` is written as text. */
  key?: string
  char?: string
}

/** A face ready to measure and draw. */
export interface Shaper {
  /** The text's width at `size` px (with `tracking` px after each glyph). */
  width(text: string, size: number, tracking?: number): number
  /** The glyphs of a line from x = 0. */
  place(text: string, size: number, tracking?: number): PlacedGlyph[]
  /** The outline of `key`, in font units (y up), as SVG path data. */
  outline(key: string): string
  /** Font units per em of the font `key` comes from. */
  unitsPerEm(key: string): number
}

const packages = join(
  dirname(createRequire(import.meta.url).resolve('@fontsource-variable/inter/package.json')),
  '..',
)
const loaded = new Map<string, Promise<Font>>()
const truetype = new Map<string, Promise<Buffer>>()
let decompressing: Promise<unknown> = Promise.resolve()

/**
 * WOFF2 bytes as TrueType. wawoff2 answers with a view of a buffer that its
 * next call writes over, so the calls go one at a time, each copied before
 * the next starts (two faces decompressed at once gave one of them the
 * other's bytes).
 */
export function woff2ToTruetype(woff2: Uint8Array): Promise<Buffer> {
  const ttf = decompressing.then(async () => {
    const { default: decompress } = await import('wawoff2/decompress')
    return Buffer.from(await decompress(woff2))
  })
  decompressing = ttf.catch(() => {})
  return ttf
}

/** A file of the chain as TrueType, decompressed once for all its instances. */
function truetypeOf(file: string): Promise<Buffer> {
  let ttf = truetype.get(file)
  if (!ttf) {
    ttf = readFile(join(packages, file)).then(woff2ToTruetype)
    // A file that could not be read is tried again by the next cover.
    ttf.catch(() => truetype.delete(file))
    truetype.set(file, ttf)
  }
  return ttf
}

/** A file of the chain as a font at the face's instance (kept). */
function fontAt(file: string, settings: Record<string, number>): Promise<Font> {
  const id = `${file} ${JSON.stringify(settings)}`
  let font = loaded.get(id)
  if (!font) {
    font = (async () => {
      const [{ create }, ttf] = await Promise.all([import('fontkit'), truetypeOf(file)])
      return create(ttf).getVariation(settings)
    })()
    font.catch(() => loaded.delete(id))
    loaded.set(id, font)
  }
  return font
}

/** Outline data with whole font units: a few KB per cover instead of tens. */
const rounded = (path: string) =>
  path.replace(/-?\d+(\.\d+)?(e-?\d+)?/g, (number) => String(Math.round(Number(number))))

/**
 * The face, with as many files of its chain loaded as the given texts need
 * (the first always; each next one only while a character is still missing).
 */
export async function shaperFor(face: FaceName, texts: readonly string[]): Promise<Shaper> {
  const spec: FaceSpec = faces[face]
  const fonts: Font[] = []
  const chars = new Set([...texts.join('')].filter((char) => char.trim() !== ''))
  for (const file of spec.files) {
    const font = await fontAt(file, spec.settings)
    fonts.push(font)
    for (const char of [...chars]) {
      if (font.hasGlyphForCodePoint(char.codePointAt(0) ?? 0)) chars.delete(char)
    }
    if (chars.size === 0) break
  }
  const glyphs = new Map<string, { glyph: Glyph; font: Font }>()
  const fontOf = (char: string): number => {
    const code = char.codePointAt(0) ?? 0
    if (char.trim() === '') return 0
    return fonts.findIndex((font) => font.hasGlyphForCodePoint(code))
  }

  function place(text: string, size: number, tracking = 0): PlacedGlyph[] {
    const out: PlacedGlyph[] = []
    let x = 0
    // Runs of characters from one font, laid out together (kerning, ligatures).
    const chars = [...text]
    let start = 0
    while (start < chars.length) {
      const index = fontOf(chars[start] ?? '')
      let end = start + 1
      while (end < chars.length && fontOf(chars[end] ?? '') === index) end++
      const run = chars.slice(start, end).join('')
      const font = index >= 0 ? fonts[index] : undefined
      if (!font) {
        for (const char of run) {
          out.push({ x, advance: size, char })
          x += size + tracking
        }
      } else {
        const scale = size / font.unitsPerEm
        const laid = font.layout(run)
        laid.glyphs.forEach((glyph, i) => {
          const advance = (laid.positions[i]?.xAdvance ?? glyph.advanceWidth) * scale
          const key = `${face}-${index}-${glyph.id}`
          glyphs.set(key, { glyph, font })
          out.push({ x, advance, key })
          x += advance + tracking
        })
      }
      start = end
    }
    return out
  }

  return {
    place,
    width(text, size, tracking = 0) {
      const placed = place(text, size, tracking)
      const last = placed.at(-1)
      return last ? last.x + last.advance : 0
    },
    outline: (key) => rounded(glyphs.get(key)?.glyph.path.toSVG() ?? ''),
    unitsPerEm: (key) => glyphs.get(key)?.font.unitsPerEm ?? 1000,
  }
}
