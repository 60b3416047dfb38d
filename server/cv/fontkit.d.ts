/** The part of fontkit (no types of its own) the CV uses: which characters a font can draw. */
declare module 'fontkit' {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean
  }
  export function create(buffer: Buffer | Uint8Array, postscriptName?: string): Font
}
