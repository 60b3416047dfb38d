/**
 * A project's generated cover: what its card and its page show when it has
 * no image of its own, in the manner of the link-preview cards (server/og/card.ts):
 * the title large, the tags as chips, on the owner's accent colour. Pure:
 * words and a colour in, SVG text out; no database, HTTP or settings.
 *
 * SVG rather than PNG: a few kilobytes, sharp at every width a card takes,
 * and drawn without sharp. Shown through `<img>`, an SVG loads no font, so it
 * names the system's faces and wraps its title by an estimate of their width
 * that errs on the wide side.
 */

import { accentPalette, mix } from '../../src/domain/accent'
import { COVER } from '../../src/domain/project-cover'
import { xmlSafe } from '../xml-safe'
import { shorten } from './card'

export interface Cover {
  title: string
  tags: readonly string[]
  /** The owner's accent, `#rrggbb` (anything else: the default accent). */
  accent: string
}

const FONT =
  "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"
/** An average bold glyph's advance as a share of the font size, on the wide side. */
const GLYPH = 0.6
const MARGIN = 88
/**
 * The sides' margin: a site style may show covers in a narrower box than
 * 16:9 (Editorial's 3:2 crops 100 px off each side with `object-fit: cover`),
 * and the words must survive every crop with room to spare.
 */
const MARGIN_X = 200
const TEXT_WIDTH = COVER.width - 2 * MARGIN_X

/**
 * Text and attribute values as XML reads them; what XML cannot carry (control
 * characters, noncharacters such as U+FFFF, lone surrogates) gone.
 */
export function xmlText(text: string): string {
  return xmlSafe(text).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** Words wrapped to lines of at most `max` characters; a longer word is cut. */
function wrap(text: string, max: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.replace(/\s+/g, ' ').trim().split(' ')) {
    let rest = word
    while (rest.length > max) {
      if (line) lines.push(line)
      lines.push(rest.slice(0, max))
      rest = rest.slice(max)
      line = ''
    }
    if (!line) line = rest
    else if (line.length + 1 + rest.length <= max) line = `${line} ${rest}`
    else {
      lines.push(line)
      line = rest
    }
  }
  if (line) lines.push(line)
  return lines
}

/** The title at the largest size whose lines fit three (the last one shortened if it must). */
function titleLines(title: string): { size: number; lines: string[] } {
  for (const size of [112, 96, 84, 72, 64]) {
    const lines = wrap(title, Math.floor(TEXT_WIDTH / (size * GLYPH)))
    if (lines.length <= 3) return { size, lines }
  }
  const size = 56
  const max = Math.floor(TEXT_WIDTH / (size * GLYPH))
  const lines = wrap(title, max)
  return {
    size,
    lines: [...lines.slice(0, 2), shorten(lines.slice(2).join(' '), max)],
  }
}

/** The tags as chips on one line, as many as fit. */
function chips(tags: readonly string[], ink: string): string {
  const size = 30
  const height = 56
  const y = COVER.height - MARGIN - height
  let x = MARGIN_X
  const out: string[] = []
  for (const tag of tags.slice(0, 6)) {
    const label = shorten(tag, 24)
    const width = Math.ceil(label.length * size * 0.58) + 48
    if (x + width > COVER.width - MARGIN_X) break
    out.push(
      `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="${height / 2}" fill="${ink}" fill-opacity="0.14" stroke="${ink}" stroke-opacity="0.35" stroke-width="2"/>`,
      `<text x="${x + width / 2}" y="${y + height / 2}" dominant-baseline="central" text-anchor="middle" font-size="${size}" font-weight="600" fill="${ink}">${xmlText(label)}</text>`,
    )
    x += width + 16
  }
  return out.join('')
}

/** The cover as an SVG document, 1280 × 720. */
export function renderCover(cover: Cover): string {
  const palette = accentPalette(cover.accent)
  const ink = palette.onAccent
  // Away from the text colour, as the accent's hover shade is: the contrast only grows.
  const deep = mix(palette.accent, ink === '#ffffff' ? '#000000' : '#ffffff', 0.38)
  const { size, lines } = titleLines(cover.title)
  const lineHeight = Math.round(size * 1.08)
  const hasTags = cover.tags.length > 0
  // The title block sits above the chips, its last line on a fixed baseline.
  const lastBaseline = hasTags ? COVER.height - MARGIN - 56 - 56 : COVER.height - MARGIN - 8
  const firstBaseline = lastBaseline - (lines.length - 1) * lineHeight
  const title = lines
    .map(
      (line, index) =>
        `<tspan x="${MARGIN_X}" y="${firstBaseline + index * lineHeight}">${xmlText(line)}</tspan>`,
    )
    .join('')
  const { width, height } = COVER
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT}">
<title>${xmlText(cover.title)}</title>
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.accent}"/><stop offset="1" stop-color="${deep}"/></linearGradient>
<radialGradient id="glow" cx="0.85" cy="0.1" r="0.7"><stop offset="0" stop-color="${ink}" stop-opacity="0.22"/><stop offset="1" stop-color="${ink}" stop-opacity="0"/></radialGradient>
<pattern id="dots" width="32" height="32" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="2" fill="${ink}" fill-opacity="0.12"/></pattern>
</defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
<rect width="${width}" height="${height}" fill="url(#glow)"/>
<rect x="${width * 0.55}" width="${width * 0.45}" height="${height * 0.6}" fill="url(#dots)"/>
<circle cx="${width - 40}" cy="${height + 60}" r="300" fill="none" stroke="${ink}" stroke-opacity="0.12" stroke-width="48"/>
<circle cx="${width - 40}" cy="${height + 60}" r="180" fill="none" stroke="${ink}" stroke-opacity="0.08" stroke-width="24"/>
<text x="${MARGIN_X}" y="${MARGIN + 28}" font-size="28" font-weight="700" letter-spacing="6" fill="${ink}" fill-opacity="0.8">PROJECT</text>
<text font-size="${size}" font-weight="800" letter-spacing="-1" fill="${ink}">${title}</text>
${chips(cover.tags, ink)}
</svg>`
}
