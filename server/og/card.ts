/**
 * Link-preview cards: the 1200 × 630 PNG that LinkedIn, Slack, X and the
 * others show for a shared page (they do not render SVG). Pure: a card's
 * words and image bytes in, PNG bytes out; no database, HTTP or settings.
 *
 * Drawn with sharp (libvips, already a dependency): the background, boxes and
 * masks are an SVG we write (no text in it), every text is laid out by
 * Pango with the Inter font shipped beside this file (server/og/fonts, SIL
 * Open Font License), so a server without any system font (the Docker image)
 * draws the same card. Text is escaped for Pango's markup, wrapped to its
 * column and shrunk to fit its box when it would overflow.
 */
import { join } from 'node:path'
import type { OverlayOptions, Sharp } from 'sharp'

export const CARD_WIDTH = 1200
export const CARD_HEIGHT = 630

type SharpModule = typeof import('sharp').default
let sharpModule: Promise<SharpModule> | undefined

/** sharp, loaded on the first card (as uploads do): a server nobody shares a link of never needs it. */
function loadSharp(): Promise<SharpModule> {
  sharpModule ??= import('sharp').then(({ default: sharp }) => sharp)
  return sharpModule
}

const fontDir = join(import.meta.dir, 'fonts')
const fonts = {
  regular: { file: join(fontDir, 'Inter-Regular.ttf'), name: 'Inter' },
  bold: { file: join(fontDir, 'Inter-Bold.ttf'), name: 'Inter Bold' },
} as const
type Weight = keyof typeof fonts

const colors = {
  ink: '#0f172a',
  body: '#334155',
  muted: '#64748b',
  accent: '#4f46e5',
  accentSoft: '#eef2ff',
  accentLine: '#c7d2fe',
}

/** An image to put on a card: its bytes (any format sharp reads, SVG included). */
export type CardImage = Uint8Array

/** The owner's card (home), and the site's pages (/projects, /contact-me) in the owner's name. */
export interface PersonCard {
  kind: 'person'
  /** A small line above the title: `Portfolio`, `Projects`, `Contact`. */
  eyebrow: string
  title: string
  subtitle: string
  lines: string[]
  /** The owner's name, for the initials when there is no photo. */
  name: string
  photo: CardImage | null
  /** The site's host, in the footer. */
  site: string
}

export interface ProjectCard {
  kind: 'project'
  title: string
  description: string
  tags: string[]
  image: CardImage | null
  /** `Ada Lovelace · ada.example` */
  footer: string
}

export type Card = PersonCard | ProjectCard

/** Text as Pango's markup reads it: the markup characters escaped, control characters gone. */
export function pangoText(text: string): string {
  return (
    text
      // Pango refuses markup with control characters (tabs and newlines are fine).
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
      .replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
  )
}

/** At most `max` characters, cut at a word when one is near, with an ellipsis. */
export function shorten(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim()
  if (line.length <= max) return line
  const cut = line.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`
}

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words
  return letters.map((word) => [...(word ?? '')][0]?.toUpperCase() ?? '').join('') || '?'
}

interface TextBlock {
  input: Buffer
  width: number
  height: number
}

interface TextStyle {
  weight: Weight
  size: number
  color: string
  /** The column's width in pixels. */
  width: number
  /** Taller than this, the text is drawn again smaller, to fit. */
  maxHeight: number
  /** Pango letter spacing, in 1/1024 pt. */
  letterSpacing?: number
  align?: 'left' | 'centre'
}

/** One text, wrapped to its column, shrunk to its box if it overflows. */
async function textBlock(text: string, style: TextStyle): Promise<TextBlock | null> {
  if (text.trim() === '') return null
  const sharp = await loadSharp()
  const font = fonts[style.weight]
  const spacing = style.letterSpacing ? ` letter_spacing="${style.letterSpacing}"` : ''
  const markup = `<span foreground="${style.color}"${spacing}>${pangoText(text)}</span>`
  const render = async (fit: boolean) => {
    const { data, info } = await sharp({
      text: {
        text: markup,
        font: `${font.name} ${style.size}`,
        fontfile: font.file,
        width: style.width,
        ...(fit ? { height: style.maxHeight } : { dpi: 72 }),
        align: style.align ?? 'left',
        wrap: 'word-char',
        rgba: true,
      },
    })
      .png()
      .toBuffer({ resolveWithObject: true })
    return { input: data, width: info.width, height: info.height }
  }
  const block = await render(false)
  // Fitting by height alone could also grow a short text; only ever shrink.
  return block.height > style.maxHeight ? render(true) : block
}

/** A photo or screenshot cut to a box, with rounded corners (a circle when the radius is half the box). */
async function framedImage(
  bytes: CardImage,
  width: number,
  height: number,
  radius: number,
): Promise<Buffer | null> {
  const sharp = await loadSharp()
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="${radius}" ry="${radius}" fill="#fff"/></svg>`,
  )
  try {
    return await sharp(bytes, { density: 300, limitInputPixels: 50_000_000, autoOrient: true })
      .resize(width, height, { fit: 'cover', position: 'attention' })
      .composite([{ input: mask, blend: 'dest-in' }])
      .png()
      .toBuffer()
  } catch {
    // An image sharp cannot read: the card goes without it.
    return null
  }
}

function background(extra: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}">
      <defs>
        <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stop-color="#ffffff"/><stop offset="0.55" stop-color="#f8fafc"/><stop offset="1" stop-color="#eef2ff"/>
        </linearGradient>
        <linearGradient id="accent" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stop-color="#6366f1"/><stop offset="1" stop-color="#8b5cf6"/>
        </linearGradient>
        <filter id="shadow" x="-20%" y="-20%" width="140%" height="140%">
          <feDropShadow dx="0" dy="12" stdDeviation="18" flood-color="#1e1b4b" flood-opacity="0.18"/>
        </filter>
      </defs>
      <rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#bg)"/>
      <rect width="16" height="${CARD_HEIGHT}" fill="url(#accent)"/>
      ${extra}
    </svg>`,
  )
}

/** Text blocks stacked from `top`, with a gap after each; answers the overlays and where they end. */
function stack(
  blocks: { block: TextBlock | null; gapAfter: number }[],
  left: number,
  top: number,
): { overlays: OverlayOptions[]; bottom: number } {
  const overlays: OverlayOptions[] = []
  let y = top
  for (const { block, gapAfter } of blocks) {
    if (!block) continue
    overlays.push({ input: block.input, left, top: Math.round(y) })
    y += block.height + gapAfter
  }
  return { overlays, bottom: y }
}

const stackHeight = (blocks: { block: TextBlock | null; gapAfter: number }[]) =>
  blocks.reduce((sum, { block, gapAfter }) => sum + (block ? block.height + gapAfter : 0), 0) -
  (blocks.findLast(({ block }) => block)?.gapAfter ?? 0)

const MARGIN = 80
const FOOTER_TOP = 548
/** The band the main text is centred in, above the footer. */
const BODY = { top: 64, bottom: 520 }

/** The small spaced capitals above a card's title. */
async function eyebrowBlock(text: string, width: number) {
  return textBlock(text, {
    weight: 'bold',
    size: 22,
    color: colors.accent,
    width,
    maxHeight: 30,
    letterSpacing: 3 * 1024,
  })
}

async function footerBlock(text: string, width: number) {
  return textBlock(text, { weight: 'bold', size: 24, color: colors.muted, width, maxHeight: 34 })
}

async function personCard(card: PersonCard): Promise<{ svg: string; overlays: OverlayOptions[] }> {
  const photoSize = 300
  const photoLeft = CARD_WIDTH - MARGIN - photoSize
  const photoTop = Math.round((BODY.top + BODY.bottom - photoSize) / 2) + 10
  const column = photoLeft - MARGIN - 56
  const [eyebrow, title, subtitle, lines, footer, photo] = await Promise.all([
    eyebrowBlock(card.eyebrow.toUpperCase(), column),
    textBlock(shorten(card.title, 80), {
      weight: 'bold',
      size: 64,
      color: colors.ink,
      width: column,
      maxHeight: 160,
    }),
    textBlock(shorten(card.subtitle, 110), {
      weight: 'bold',
      size: 32,
      color: colors.body,
      width: column,
      maxHeight: 84,
    }),
    textBlock(card.lines.map((line) => shorten(line, 90)).join('\n'), {
      weight: 'regular',
      size: 26,
      color: colors.muted,
      width: column,
      maxHeight: 120,
    }),
    footerBlock(card.site, column),
    card.photo ? framedImage(card.photo, photoSize, photoSize, photoSize / 2) : null,
  ])
  const blocks = [
    { block: eyebrow, gapAfter: 18 },
    { block: title, gapAfter: 16 },
    { block: subtitle, gapAfter: 20 },
    { block: lines, gapAfter: 0 },
  ]
  const top = Math.max(BODY.top, (BODY.top + BODY.bottom - stackHeight(blocks)) / 2)
  const text = stack(blocks, MARGIN, top)
  const overlays = [...text.overlays]
  if (footer) overlays.push({ input: footer.input, left: MARGIN, top: FOOTER_TOP })

  const cx = photoLeft + photoSize / 2
  const cy = photoTop + photoSize / 2
  let svg = `<circle cx="${cx}" cy="${cy}" r="${photoSize / 2 + 10}" fill="#fff" filter="url(#shadow)"/>`
  if (photo) {
    overlays.push({ input: photo, left: photoLeft, top: photoTop })
  } else {
    // No photo (or none we can read): the initials, as the site's header shows them.
    svg += `<circle cx="${cx}" cy="${cy}" r="${photoSize / 2}" fill="url(#accent)"/>`
    const initials = await textBlock(initialsOf(card.name), {
      weight: 'bold',
      size: 110,
      color: '#ffffff',
      width: photoSize,
      maxHeight: 150,
      align: 'centre',
    })
    if (initials) {
      overlays.push({
        input: initials.input,
        left: Math.round(cx - initials.width / 2),
        top: Math.round(cy - initials.height / 2),
      })
    }
  }
  return { svg, overlays }
}

/** Tag chips in rows within `width`, at most `maxRows`; what does not fit is left out. */
async function chips(
  tags: string[],
  left: number,
  top: number,
  width: number,
  maxRows: number,
): Promise<{ svg: string; overlays: OverlayOptions[]; height: number }> {
  const labels = await Promise.all(
    tags.slice(0, 12).map((tag) =>
      textBlock(shorten(tag, 28), {
        weight: 'bold',
        size: 22,
        color: colors.accent,
        width: width - 32,
        maxHeight: 32,
      }),
    ),
  )
  const padX = 16
  const chipHeight = 44
  const gap = 10
  let x = left
  let row = 0
  let svg = ''
  const overlays: OverlayOptions[] = []
  for (const label of labels) {
    if (!label) continue
    const chipWidth = label.width + padX * 2
    if (x > left && x + chipWidth > left + width) {
      row += 1
      x = left
    }
    if (row >= maxRows) break
    const y = top + row * (chipHeight + gap)
    svg += `<rect x="${x}" y="${y}" width="${chipWidth}" height="${chipHeight}" rx="${chipHeight / 2}" fill="${colors.accentSoft}" stroke="${colors.accentLine}" stroke-width="2"/>`
    overlays.push({
      input: label.input,
      left: x + padX,
      top: Math.round(y + (chipHeight - label.height) / 2),
    })
    x += chipWidth + gap
  }
  const rows = overlays.length === 0 ? 0 : Math.min(row + 1, maxRows)
  return { svg, overlays, height: rows === 0 ? 0 : rows * chipHeight + (rows - 1) * gap }
}

async function projectCard(
  card: ProjectCard,
): Promise<{ svg: string; overlays: OverlayOptions[] }> {
  const frame = { width: 512, height: 288, radius: 20 }
  const image = card.image
    ? await framedImage(card.image, frame.width, frame.height, frame.radius)
    : null
  const frameLeft = CARD_WIDTH - MARGIN - frame.width + 24
  const column = image ? frameLeft - MARGIN - 48 : CARD_WIDTH - 2 * MARGIN
  const [eyebrow, title, description, footer] = await Promise.all([
    eyebrowBlock('PROJECT', column),
    textBlock(shorten(card.title, 90), {
      weight: 'bold',
      size: image ? 54 : 64,
      color: colors.ink,
      width: column,
      maxHeight: image ? 200 : 160,
    }),
    textBlock(shorten(card.description, 160), {
      weight: 'regular',
      size: 26,
      color: colors.body,
      width: column,
      maxHeight: 110,
    }),
    footerBlock(card.footer, CARD_WIDTH - 2 * MARGIN),
  ])
  const textBlocks = [
    { block: eyebrow, gapAfter: 18 },
    { block: title, gapAfter: 18 },
    { block: description, gapAfter: 0 },
  ]
  const chipGap = card.tags.length > 0 ? 26 : 0
  // Chips are laid out once to know their height, then placed under the text.
  const probe = await chips(card.tags, 0, 0, column, 2)
  const total = stackHeight(textBlocks) + chipGap + probe.height
  const top = Math.max(BODY.top, (BODY.top + BODY.bottom - total) / 2)
  const text = stack(textBlocks, MARGIN, top)
  const tagRow = await chips(card.tags, MARGIN, Math.round(text.bottom + chipGap), column, 2)
  const overlays = [...text.overlays, ...tagRow.overlays]
  if (footer) overlays.push({ input: footer.input, left: MARGIN, top: FOOTER_TOP })
  let svg = tagRow.svg
  if (image) {
    const frameTop = Math.round((BODY.top + BODY.bottom - frame.height) / 2) + 10
    svg += `<rect x="${frameLeft - 8}" y="${frameTop - 8}" width="${frame.width + 16}" height="${frame.height + 16}" rx="${frame.radius + 8}" fill="#fff" filter="url(#shadow)"/>`
    overlays.push({ input: image, left: frameLeft, top: frameTop })
  }
  return { svg, overlays }
}

/** The card as a 1200 × 630 PNG. */
export async function renderCard(card: Card): Promise<Uint8Array<ArrayBuffer>> {
  const sharp = await loadSharp()
  const { svg, overlays } =
    card.kind === 'person' ? await personCard(card) : await projectCard(card)
  const png: Sharp = sharp(background(svg))
    .composite(overlays)
    .png({ compressionLevel: 9, adaptiveFiltering: true })
  return new Uint8Array(await png.toBuffer())
}
