/**
 * The part of fontkit (no types of its own) the server uses: which characters
 * a font can draw (the CV), and glyph outlines with their advances, at an
 * instance of a variable font (the generated covers, server/og/cover-text.ts).
 */
declare module 'fontkit' {
  export interface Path {
    toSVG(): string
  }
  export interface Glyph {
    id: number
    advanceWidth: number
    path: Path
  }
  export interface GlyphRun {
    glyphs: Glyph[]
    positions: { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number }[]
    advanceWidth: number
  }
  export interface Font {
    unitsPerEm: number
    hasGlyphForCodePoint(codePoint: number): boolean
    glyphForCodePoint(codePoint: number): Glyph
    layout(text: string): GlyphRun
    getVariation(settings: Record<string, number>): Font
  }
  export function create(buffer: Buffer | Uint8Array, postscriptName?: string): Font
}

/** WOFF2 to TrueType (Google's woff2, as WebAssembly): fontkit reads variable WOFF2 badly. */
declare module 'wawoff2/decompress' {
  export default function decompress(buffer: Uint8Array): Promise<Uint8Array>
}
