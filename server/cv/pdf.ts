/**
 * The CV as a PDF, made on the server from the same content as `/cv` with
 * pdfkit (maintained, no browser: real text a reader can select and search,
 * link annotations that open on click, ~25 ms for a typical CV). Pure: the
 * caller hands it the content; no database, no HTTP. Timeline bullets are
 * inline Markdown: their links stay links (with their text), strong text is
 * bold, from the same parse and sanitiser as the page. The About text is
 * Markdown too: its paragraphs and list items are written the same way.
 * What the web CV shows is here: the About text, the owner's links and,
 * once a note is live, the notes (the page's header links to them).
 *
 * Text is set in Inter (the OFL font the link-preview cards use, embedded
 * as a subset): Latin with every accent, Greek, Cyrillic and Vietnamese, so
 * "Łukasz Żółć", "Ελένη" or "Дмитрий" print as written. A character Inter
 * lacks (CJK, emoji) is written without its accents when that helps, else
 * as "?", so the file never holds a glyph the font cannot draw.
 */
import { readFileSync } from 'node:fs'
import { create as openFont } from 'fontkit'
import PDFDocument from 'pdfkit'
import { linksWithOrcid } from '../../src/domain/orcid'
import { studyLine } from '../../src/domain/profile-lines'
import { isSafeUrl } from '../../src/domain/safe-url'
import type { Profile } from '../../src/schemas/profile'
import type { Project } from '../../src/schemas/project'
import type { TimelineEvent } from '../../src/schemas/timeline'
import { type InlineSegment, inlineMarkdownSegments } from '../markdown/segments'

export interface CvContent {
  profile: Profile
  /** In the manual order; experience and education are split here. */
  events: readonly TimelineEvent[]
  /** Published projects only, in the manual order. */
  projects: readonly Project[]
  /** The site's address: the CV links to its own page. */
  siteUrl: string
  /** Whether a note is live: the web CV's header then links to the notes, and so does the PDF. */
  hasNotes: boolean
  /** Published publications, in the list's order: a section when there are any. */
  publications?: readonly CvPublication[]
  /** Published talks, newest first: a section when there are any. */
  talks?: readonly CvTalk[]
}

export interface CvPublication {
  title: string
  authors: { given: string | null; family: string | null; literal: string | null }[]
  venue: string | null
  year: number | null
  citations: { cited_by_count: number } | null
}

export interface CvTalk {
  title: string
  event: string
  date: string
  place: string
  online: boolean
}

const fontPath = (name: string) => new URL(`../og/fonts/${name}`, import.meta.url)

interface Fonts {
  regular: Buffer
  bold: Buffer
  covers: (codePoint: number) => boolean
}
let fonts: Fonts | undefined

/** Inter's two weights, read on the first CV (680 KB, kept for the next ones). */
function loadFonts(): Fonts {
  if (!fonts) {
    const regular = readFileSync(fontPath('Inter-Regular.ttf'))
    const bold = readFileSync(fontPath('Inter-Bold.ttf'))
    const font = openFont(regular)
    fonts = { regular, bold, covers: (codePoint) => font.hasGlyphForCodePoint(codePoint) }
  }
  return fonts
}

/** Text the CV's font can draw: whitespace runs as one space; accents dropped where needed, else "?". */
export function toPrintable(text: string): string {
  const { covers } = loadFonts()
  const drawable = (char: string) => covers(char.codePointAt(0) ?? 0)
  let out = ''
  for (const char of text.replace(/\s+/g, ' ')) {
    if (drawable(char)) {
      out += char
      continue
    }
    const base = char.normalize('NFKD').replace(/\p{M}/gu, '')
    out += base !== '' && [...base].every(drawable) ? base : '?'
  }
  return out
}

/** A block of Markdown the PDF writes: a paragraph, a list item or a heading, its text inline Markdown. */
interface MarkdownBlock {
  kind: 'paragraph' | 'item' | 'heading'
  text: string
}

/**
 * Block Markdown cut into what the PDF writes (the About text): blank lines
 * end a paragraph, `- `, `* `, `+ ` or `1. ` start a list item, `#` a heading,
 * `>` is dropped; the rest of a block's lines join with a space.
 */
export function markdownBlocks(source: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = []
  let current: MarkdownBlock | null = null
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.replace(/^\s{0,3}>\s?/, '').trim()
    if (line === '' || /^([-*_])(\s*\1){2,}$/.test(line) || line.startsWith('```')) {
      current = null
      continue
    }
    const item = /^(?:[-*+]|\d{1,9}[.)])\s+(.*)$/.exec(line)
    const heading = /^#{1,6}\s+(.*?)\s*#*$/.exec(line)
    if (item) {
      current = { kind: 'item', text: item[1] ?? '' }
      blocks.push(current)
    } else if (heading) {
      blocks.push({ kind: 'heading', text: heading[1] ?? '' })
      current = null
    } else if (current) {
      current.text += ` ${line}`
    } else {
      current = { kind: 'paragraph', text: line }
      blocks.push(current)
    }
  }
  return blocks.filter((block) => block.text.trim() !== '')
}

const readable = (url: string) => url.replace(/^https?:\/\//i, '').replace(/\/$/, '')
const absolute = (url: string) => /^https?:\/\//i.test(url)

const colors = { text: '#111827', muted: '#4b5563', accent: '#3730a3', rule: '#d1d5db' }

/** Renders the CV; resolves with the whole file. */
export function renderCvPdf(content: CvContent): Promise<Uint8Array<ArrayBuffer>> {
  const { profile, siteUrl } = content
  const doc = new PDFDocument({
    // A4; the margins leave room for Letter's shorter width when printed "fit to page".
    size: 'A4',
    margins: { top: 50, bottom: 50, left: 56, right: 56 },
    info: {
      Title: toPrintable(`${profile.name} · CV`),
      Author: toPrintable(profile.name),
      Subject: 'Curriculum vitae',
    },
    lang: 'en',
    displayTitle: true,
  })
  const { regular, bold } = loadFonts()
  doc.registerFont('Body', regular)
  doc.registerFont('Body-Bold', bold)
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const finished = new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))))
    doc.on('error', reject)
  })

  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right
  const left = doc.page.margins.left
  const write = (text: string, options: PDFKit.Mixins.TextOptions = {}) =>
    doc.text(toPrintable(text), options)

  // Heading
  doc.font('Body-Bold').fontSize(22).fillColor(colors.text)
  write(profile.name)
  doc.moveDown(0.2).font('Body').fontSize(11).fillColor(colors.muted)
  const study = studyLine(profile)
  if (study) write(study)
  if (profile.focus) write(`Focus: ${profile.focus}`)
  if (profile.location) write(profile.location)
  if (profile.skills.length > 0) write(`Skills: ${profile.skills.join(', ')}`)
  doc.moveDown(0.4).fontSize(10)

  // Contact line: each item a link, shown as its address.
  const contacts: { text: string; link: string }[] = [
    { text: profile.email, link: `mailto:${profile.email}` },
    ...[profile.linkedin_url, profile.github_url]
      .filter((url) => absolute(url) && isSafeUrl(url))
      .map((url) => ({ text: readable(url), link: url })),
    ...linksWithOrcid(profile)
      .filter((link) => absolute(link.url) && isSafeUrl(link.url))
      .map((link) => ({ text: `${link.label}: ${readable(link.url)}`, link: link.url })),
    { text: readable(`${siteUrl}/cv`), link: `${siteUrl}/cv` },
    ...(content.hasNotes
      ? [{ text: `Notes: ${readable(`${siteUrl}/notes`)}`, link: `${siteUrl}/notes` }]
      : []),
  ]
  doc.fillColor(colors.accent)
  contacts.forEach((contact, index) => {
    const last = index === contacts.length - 1
    doc.text(toPrintable(contact.text), {
      link: contact.link,
      underline: true,
      continued: !last,
    })
    if (!last) doc.text('   ', { link: null, underline: false, continued: true })
  })

  const section = (title: string) => {
    doc.moveDown(1).font('Body-Bold').fontSize(13).fillColor(colors.text)
    write(title, { width })
    const y = doc.y + 2
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.6)
      .strokeColor(colors.rule)
      .stroke()
    doc.y = y + 6
  }

  /** A title on the left and its dates on the right of the same line. */
  const entryHead = (title: string, dates: string | null) => {
    doc.moveDown(0.5)
    // The dates are placed beside the title by hand: both start on the same page.
    if (doc.y > doc.page.height - doc.page.margins.bottom - 60) doc.addPage()
    const y = doc.y
    doc.font('Body').fontSize(9.5).fillColor(colors.muted)
    const datesWidth = dates ? doc.widthOfString(toPrintable(dates)) + 4 : 0
    if (dates) doc.text(toPrintable(dates), left, y + 1.5, { width, align: 'right' })
    doc.font('Body-Bold').fontSize(11).fillColor(colors.text)
    doc.text(toPrintable(title), left, y, { width: width - datesWidth - 12 })
  }

  /** A bullet's link as the PDF can open it: site paths made absolute, fragments none. */
  const pdfLink = (href: string | undefined): string | null => {
    if (!href || href.startsWith('#')) return null
    return href.startsWith('/') ? `${siteUrl}${href}` : href
  }

  /** Inline Markdown as runs of continued text, from `x`: each link one annotation. */
  const inline = (runs: readonly InlineSegment[], x: number, size: number) => {
    runs.forEach((run, index) => {
      const link = pdfLink(run.href)
      const options: PDFKit.Mixins.TextOptions = {
        link,
        underline: link !== null,
        continued: index < runs.length - 1,
      }
      doc
        .font(run.strong ? 'Body-Bold' : 'Body')
        .fontSize(size)
        .fillColor(link ? colors.accent : colors.text)
      const text = toPrintable(run.text)
      if (index === 0) doc.text(text, x, doc.y, { ...options, width: width - (x - left) })
      else doc.text(text, options)
    })
    doc.x = left
  }

  const bullets = (items: readonly string[]) => {
    for (const item of items)
      inline([{ text: '•  ' }, ...inlineMarkdownSegments(item)], left + 10, 10)
  }

  // About: the profile's Markdown, block by block (paragraphs and list items; headings as bold lines).
  const about = markdownBlocks(profile.bio)
  if (about.length > 0) {
    section('About')
    about.forEach((block, index) => {
      if (index > 0 && !(block.kind === 'item' && about[index - 1]?.kind === 'item')) {
        doc.moveDown(0.4)
      }
      const runs = inlineMarkdownSegments(block.text)
      if (block.kind === 'item') inline([{ text: '•  ' }, ...runs], left + 10, 10)
      else if (block.kind === 'heading') {
        inline(
          runs.map((run) => ({ ...run, strong: true })),
          left,
          10.5,
        )
      } else inline(runs, left, 10)
    })
  }

  const events = (type: TimelineEvent['event_type'], title: string, empty: string) => {
    section(title)
    const list = content.events.filter((event) => event.event_type === type)
    if (list.length === 0) {
      doc.font('Body').fontSize(10).fillColor(colors.muted)
      write(empty)
    }
    for (const event of list) {
      const end = event.end_date?.trim() ? event.end_date : 'Present'
      entryHead(event.title, `${event.start_date} – ${end}`)
      if (event.position) {
        doc.font('Body').fontSize(10).fillColor(colors.muted)
        write(event.position, { width })
      }
      bullets(event.description)
    }
  }

  events('experience', 'Experience', 'No experience to show yet.')
  events('education', 'Education', 'No education to show yet.')

  section('Projects')
  if (content.projects.length === 0) {
    doc.font('Body').fontSize(10).fillColor(colors.muted)
    write('No projects yet.')
  }
  for (const project of content.projects) {
    entryHead(project.title, project.period)
    if (project.role) {
      doc.font('Body').fontSize(10).fillColor(colors.muted)
      write(project.role, { width })
    }
    doc.font('Body').fontSize(10).fillColor(colors.text)
    write(project.description, { width })
    if (project.tags.length > 0) {
      doc.fontSize(9.5).fillColor(colors.muted)
      write(project.tags.join(' · '), { width })
    }
    const links = [project.website_url, project.repo_url].filter(
      (url): url is string => url !== null && absolute(url) && isSafeUrl(url),
    )
    if (links.length > 0) {
      doc.fontSize(9.5).fillColor(colors.accent)
      links.forEach((url, index) => {
        const last = index === links.length - 1
        doc.text(toPrintable(readable(url)), { link: url, underline: true, continued: !last })
        if (!last) doc.text('   ', { link: null, underline: false, continued: true })
      })
    }
  }

  const publications = content.publications ?? []
  if (publications.length > 0) {
    section('Publications')
    for (const publication of publications) {
      entryHead(publication.title, publication.year ? String(publication.year) : null)
      const authors = publication.authors
        .map((a) => a.literal ?? [a.given, a.family].filter(Boolean).join(' '))
        .join(', ')
      doc.font('Body').fontSize(10).fillColor(colors.text)
      if (authors) write(authors, { width })
      const where = [
        publication.venue,
        publication.citations ? `cited by ${publication.citations.cited_by_count}` : null,
      ]
        .filter(Boolean)
        .join(' · ')
      if (where) {
        doc.fontSize(9.5).fillColor(colors.muted)
        write(where, { width })
      }
    }
  }

  const talks = content.talks ?? []
  if (talks.length > 0) {
    section('Talks')
    for (const talk of talks) {
      entryHead(talk.title, talk.date)
      const where = [talk.event, talk.online ? 'Online' : talk.place].filter(Boolean).join(', ')
      if (where) {
        doc.font('Body').fontSize(10).fillColor(colors.muted)
        write(where, { width })
      }
    }
  }

  doc.end()
  return finished
}
