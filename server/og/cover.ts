/**
 * A project's generated cover: what its card and its page show when it has
 * no image of its own. The title large in the site style's display face,
 * the first tag above it, the other tags as chips, on the owner's accent;
 * each project's own: the gradient's angle, its second colour (the accent
 * turned a little around the colour wheel) and the pattern follow from the
 * slug, so two covers side by side differ. Pure: words and a colour in, SVG
 * text out; no database, HTTP or settings.
 *
 * SVG rather than PNG: a few kilobytes, sharp at every width a card takes,
 * and drawn without sharp. Shown through `<img>`, an SVG loads no font, so
 * the text is drawn as the faces' own outlines (server/og/cover-text.ts),
 * measured glyph by glyph: a line is wrapped, a long word shrunk and then
 * broken, so nothing runs past the margins.
 */
import {
  accentPalette,
  contrastRatio,
  hslOf,
  MIN_TEXT_CONTRAST,
  mix,
} from '../../src/domain/accent'
import { COVER } from '../../src/domain/project-cover'
import { DEFAULT_SITE_STYLE, type SiteStyle } from '../../src/domain/site-styles'
import { type PlacedGlyph, type Shaper, shaperFor } from './cover-text'

export interface Cover {
  title: string
  tags: readonly string[]
  /** The owner's accent, `#rrggbb` (anything else: the default accent). */
  accent: string
  /** What the cover's look is chosen from (angle, colour, pattern): the project's slug. */
  seed: string
  /** The site style: the title is set in its display face. */
  style?: SiteStyle
}

const MARGIN = 88
/**
 * The sides' margin: a site style may show covers in a narrower box than
 * 16:9 (Editorial's 3:2 crops 100 px off each side with `object-fit: cover`),
 * and the words must survive every crop with room to spare.
 */
export const MARGIN_X = 200
export const TEXT_WIDTH = COVER.width - 2 * MARGIN_X
const TITLE_SIZES = [112, 96, 84, 72, 64, 56] as const
const MAX_LINES = 3
const EYEBROW = { size: 28, tracking: 5 }
const CHIP = { size: 28, height: 56, padding: 24, gap: 16 }

/** Text and attribute values as XML reads them; control characters and noncharacters gone. */
export function xmlText(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f\ufdd0-\ufdef\ufffe\uffff]/g, '')
      .replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
  )
}

/** FNV-1a of the seed: the same project, the same cover, on every server. */
function hashOf(seed: string): number {
  let hash = 0x811c9dc5
  for (const char of seed) {
    hash ^= char.codePointAt(0) ?? 0
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

/** A `#rrggbb` colour turned `degrees` around the hue wheel (HSL), its lightness kept. */
function turnHue(hex: string, degrees: number): string {
  const { hue: from, saturation, lightness: light } = hslOf(hex)
  if (saturation === 0) return hex
  const hue = (((from + degrees) % 360) + 360) % 360
  const chroma = (1 - Math.abs(2 * light - 1)) * saturation
  const x = chroma * (1 - Math.abs(((hue / 60) % 2) - 1))
  const m = light - chroma / 2
  const [r1, g1, b1] =
    hue < 60
      ? [chroma, x, 0]
      : hue < 120
        ? [x, chroma, 0]
        : hue < 180
          ? [0, chroma, x]
          : hue < 240
            ? [0, x, chroma]
            : hue < 300
              ? [x, 0, chroma]
              : [chroma, 0, x]
  return `#${[r1, g1, b1]
    .map((c) =>
      Math.round((c + m) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
}

/** The look a seed picks: the gradient's angle and colours, the pattern; the text colour. */
export function coverLook(accent: string, seed: string) {
  const hash = hashOf(seed)
  const palette = accentPalette(accent)
  const ink = palette.onAccent
  const away = ink === '#ffffff' ? '#000000' : '#ffffff'
  const turn = [-48, -30, 30, 48][hash % 4] ?? 30
  // The second colour: the accent turned on the wheel, then deepened away from the text
  // until the text reads on it as well as on the accent (AA at least).
  let second = mix(turnHue(palette.accent, turn), away, 0.3)
  for (let step = 0.35; contrastRatio(ink, second) < MIN_TEXT_CONTRAST && step <= 1; step += 0.05) {
    second = mix(turnHue(palette.accent, turn), away, step)
  }
  const angle = ((hash >>> 2) % 8) * 45
  const patterns = ['dots', 'lines', 'grid', 'rings'] as const
  const pattern = patterns[(hash >>> 5) % patterns.length] ?? 'dots'
  return { ink, first: palette.accent, second, angle, pattern }
}

/** A line of text at a size, as the cover draws it. */
export interface CoverLine {
  text: string
  size: number
  /** Measured in the face: what must fit in `TEXT_WIDTH`. */
  width: number
}

/** Words wrapped to lines no wider than `max` at `size`; null when a word alone is wider. */
function wrapWords(words: readonly string[], shaper: Shaper, size: number): string[] | null {
  const lines: string[] = []
  let line = ''
  for (const word of words) {
    if (shaper.width(word, size) > TEXT_WIDTH) return null
    const joined = line ? `${line} ${word}` : word
    if (!line || shaper.width(joined, size) <= TEXT_WIDTH) line = joined
    else {
      lines.push(line)
      line = word
    }
  }
  if (line) lines.push(line)
  return lines
}

/** The longest start of `text` (whole characters) that fits `max` with `tail` after it. */
function fitStart(text: string, shaper: Shaper, size: number, tail = ''): string {
  const chars = [...text]
  let fit = ''
  for (let end = 1; end <= chars.length; end++) {
    const candidate = chars.slice(0, end).join('')
    if (shaper.width(candidate + tail, size) > TEXT_WIDTH) break
    fit = candidate
  }
  return fit
}

/**
 * Words wrapped at the smallest size, a word wider than the box broken
 * where it must (no hyphen: a broken name keeps its letters); at most three
 * lines, the last ending in "…" when more would follow.
 */
function breakWords(words: readonly string[], shaper: Shaper, size: number): string[] {
  const lines: string[] = []
  let line = ''
  const push = (text: string) => {
    if (text) lines.push(text)
  }
  for (const word of words) {
    const joined = line ? `${line} ${word}` : word
    if (shaper.width(joined, size) <= TEXT_WIDTH) {
      line = joined
      continue
    }
    push(line)
    line = ''
    let rest = word
    while (shaper.width(rest, size) > TEXT_WIDTH) {
      const start = fitStart(rest, shaper, size) || [...rest][0] || ''
      push(start)
      rest = rest.slice(start.length)
    }
    line = rest
  }
  push(line)
  if (lines.length <= MAX_LINES) return lines
  const last = lines.slice(MAX_LINES - 1).join(' ')
  return [...lines.slice(0, MAX_LINES - 1), `${fitStart(last, shaper, size, '…').trimEnd()}…`]
}

/** The title's lines: the largest size at which every word fits and the lines are three at most. */
export function titleLines(title: string, shaper: Shaper): CoverLine[] {
  const words = title.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean)
  for (const size of TITLE_SIZES) {
    const lines = wrapWords(words, shaper, size)
    if (lines && lines.length <= MAX_LINES) {
      return lines.map((text) => ({ text, size, width: shaper.width(text, size) }))
    }
  }
  const size = TITLE_SIZES[TITLE_SIZES.length - 1] ?? 56
  return breakWords(words, shaper, size).map((text) => ({
    text,
    size,
    width: shaper.width(text, size),
  }))
}

/** Glyphs as `<use>` of their outlines, and `<text>` for characters no face has. */
function drawLine(
  glyphs: readonly PlacedGlyph[],
  x: number,
  y: number,
  size: number,
  shaper: Shaper,
): string {
  return glyphs
    .map((glyph) => {
      const left = (x + glyph.x).toFixed(1)
      if (!glyph.key) {
        return `<text x="${left}" y="${y}" font-size="${size}" font-family="system-ui, sans-serif">${xmlText(glyph.char ?? '')}</text>`
      }
      const scale = (size / shaper.unitsPerEm(glyph.key)).toFixed(5)
      return `<use href="#${glyph.key}" transform="translate(${left} ${y}) scale(${scale} -${scale})"/>`
    })
    .join('')
}

/**
 * A line's glyphs with what they say and where they end: the words for a
 * reader of the file (the outlines carry none), the measured extent for a check.
 */
function group(text: string, x: number, width: number, glyphs: string): string {
  return `<g data-text="${xmlText(text)}" data-x="${x}" data-width="${width.toFixed(1)}">${glyphs}</g>`
}

/** The pattern's tile, drawn in the text colour, faintly. */
function patternTile(pattern: ReturnType<typeof coverLook>['pattern'], ink: string): string {
  const stroke = `stroke="${ink}" stroke-opacity="0.14" fill="none"`
  switch (pattern) {
    case 'dots':
      return `<pattern id="texture" width="32" height="32" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="2" fill="${ink}" fill-opacity="0.14"/></pattern>`
    case 'lines':
      return `<pattern id="texture" width="24" height="24" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="24" ${stroke} stroke-width="3"/></pattern>`
    case 'grid':
      return `<pattern id="texture" width="40" height="40" patternUnits="userSpaceOnUse"><path d="M40 0H0V40" ${stroke} stroke-width="2"/></pattern>`
    case 'rings':
      return `<pattern id="texture" width="48" height="48" patternUnits="userSpaceOnUse"><circle cx="24" cy="24" r="12" ${stroke} stroke-width="2"/></pattern>`
  }
}

/** The cover as an SVG document, 1280 × 720. */
export async function renderCover(cover: Cover): Promise<string> {
  const look = coverLook(cover.accent, cover.seed || cover.title)
  const { ink } = look
  const [eyebrowTag, ...chipTags] = cover.tags.map((tag) => tag.replace(/\s+/g, ' ').trim())
  const eyebrowText = (eyebrowTag || 'Project').toUpperCase()
  const titleFace = await shaperFor(cover.style ?? DEFAULT_SITE_STYLE, [cover.title, '…'])
  const label = await shaperFor('label', [eyebrowText, ...chipTags, '…'])

  const lines = titleLines(cover.title, titleFace)
  const size = lines[0]?.size ?? 56
  const lineHeight = Math.round(size * 1.08)
  const hasChips = chipTags.length > 0
  // The title block sits above the chips, its last line on a fixed baseline.
  const lastBaseline = hasChips
    ? COVER.height - MARGIN - CHIP.height - 56
    : COVER.height - MARGIN - 8
  const firstBaseline = lastBaseline - (lines.length - 1) * lineHeight
  const title = lines
    .map((line, index) =>
      group(
        line.text,
        MARGIN_X,
        line.width,
        drawLine(
          titleFace.place(line.text, size),
          MARGIN_X,
          firstBaseline + index * lineHeight,
          size,
          titleFace,
        ),
      ),
    )
    .join('')

  // The first tag above the title, cut to the box if it must be.
  const eyebrow =
    label.width(eyebrowText, EYEBROW.size, EYEBROW.tracking) <= TEXT_WIDTH
      ? eyebrowText
      : `${fitLabel(eyebrowText, label)}…`
  const eyebrowSvg = group(
    eyebrow,
    MARGIN_X,
    label.width(eyebrow, EYEBROW.size, EYEBROW.tracking),
    drawLine(
      label.place(eyebrow, EYEBROW.size, EYEBROW.tracking),
      MARGIN_X,
      MARGIN + EYEBROW.size,
      EYEBROW.size,
      label,
    ),
  )

  // The other tags as chips on one line, as many as fit.
  const chips: string[] = []
  let x = MARGIN_X
  const chipY = COVER.height - MARGIN - CHIP.height
  for (const tag of chipTags.slice(0, 6)) {
    const text = label.width(tag, CHIP.size) <= 360 ? tag : `${fitWidth(tag, label, 360)}…`
    const width = Math.ceil(label.width(text, CHIP.size)) + 2 * CHIP.padding
    if (x + width > COVER.width - MARGIN_X) break
    const glyphs = label.place(text, CHIP.size)
    chips.push(
      `<rect x="${x}" y="${chipY}" width="${width}" height="${CHIP.height}" rx="${CHIP.height / 2}" fill="${ink}" fill-opacity="0.14" stroke="${ink}" stroke-opacity="0.35" stroke-width="2"/>`,
      group(
        text,
        x + CHIP.padding,
        label.width(text, CHIP.size),
        drawLine(
          glyphs,
          x + CHIP.padding,
          chipY + CHIP.height / 2 + CHIP.size * 0.36,
          CHIP.size,
          label,
        ),
      ),
    )
    x += width + CHIP.gap
  }

  // Each outline once, in font units; every use scales it to its size.
  const used = new Set<string>()
  const collect = (svg: string) => {
    for (const match of svg.matchAll(/href="#([^"]+)"/g)) if (match[1]) used.add(match[1])
  }
  collect(title)
  collect(eyebrowSvg)
  for (const chip of chips) collect(chip)
  const outlines = [...used]
    .map((key) => {
      const d = (key.startsWith('label-') ? label : titleFace).outline(key)
      return d ? `<path id="${key}" d="${d}"/>` : ''
    })
    .join('')

  const radians = (look.angle * Math.PI) / 180
  const [dx, dy] = [Math.cos(radians) / 2, Math.sin(radians) / 2]
  const gradient = `x1="${(0.5 - dx).toFixed(3)}" y1="${(0.5 - dy).toFixed(3)}" x2="${(0.5 + dx).toFixed(3)}" y2="${(0.5 + dy).toFixed(3)}"`
  const { width, height } = COVER
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<title>${xmlText(cover.title)}</title>
<defs>
<linearGradient id="bg" ${gradient}><stop offset="0" stop-color="${look.first}"/><stop offset="1" stop-color="${look.second}"/></linearGradient>
<radialGradient id="glow" cx="0.85" cy="0.1" r="0.7"><stop offset="0" stop-color="${ink}" stop-opacity="0.2"/><stop offset="1" stop-color="${ink}" stop-opacity="0"/></radialGradient>
${patternTile(look.pattern, ink)}
${outlines}
</defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
<rect width="${width}" height="${height}" fill="url(#glow)"/>
<rect x="${width * 0.55}" width="${width * 0.45}" height="${height * 0.6}" fill="url(#texture)"/>
<circle cx="${width - 40}" cy="${height + 60}" r="300" fill="none" stroke="${ink}" stroke-opacity="0.12" stroke-width="48"/>
<g fill="${ink}" fill-opacity="0.8" data-part="eyebrow">${eyebrowSvg}</g>
<g fill="${ink}" data-part="title">${title}</g>
<g fill="${ink}" data-part="chips">${chips.join('')}</g>
</svg>`

  function fitLabel(text: string, shaper: Shaper): string {
    const chars = [...text]
    let fit = ''
    for (let end = 1; end <= chars.length; end++) {
      const candidate = chars.slice(0, end).join('')
      if (shaper.width(`${candidate}…`, EYEBROW.size, EYEBROW.tracking) > TEXT_WIDTH) break
      fit = candidate
    }
    return fit
  }
  function fitWidth(text: string, shaper: Shaper, max: number): string {
    const chars = [...text]
    let fit = ''
    for (let end = 1; end <= chars.length; end++) {
      const candidate = chars.slice(0, end).join('')
      if (shaper.width(`${candidate}…`, CHIP.size) > max) break
      fit = candidate
    }
    return fit
  }
}
