/**
 * What the newsletter's emails say, as HTML and plain text: pure, no
 * database. A note's email carries its rendered body (the site's own
 * Markdown renderer), every address on the site made absolute so images and
 * links work in a mail client, a "View on the site" link, and the way out
 * (the unsubscribe link). No tracking pixel and no rewritten link: every
 * address in it is the site's own page or what the owner wrote.
 *
 * The accent colour: the owner's, with the text shade the site uses on each
 * theme (`accentPalette`), so links stay readable (4.5:1) in a light mail
 * client and, through `prefers-color-scheme`, in a dark one; the button's
 * text is white or black, whichever contrasts more with the accent.
 */
import { accentPalette } from '../../../src/domain/accent'
import { renderMarkdown } from '../../markdown/render'

/** Stands in for the recipient's own unsubscribe address until each email is sent. */
export const UNSUBSCRIBE_PLACEHOLDER = '%%UNSUBSCRIBE_URL%%'

export interface SiteFacts {
  siteUrl: string
  ownerName: string
  accent: string
}

export interface NoteForMail {
  slug: string
  title: string
  summary: string
  body: string
}

export interface ComposedEmail {
  subject: string
  html: string
  text: string
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/** Addresses on the site (`/media/…`, `/notes/…`) made absolute; others left as written. */
export function absoluteAddresses(html: string, siteUrl: string): string {
  return html.replace(
    /\b(src|href)="\/(?!\/)/g,
    (_match, attribute: string) => `${attribute}="${siteUrl}/`,
  )
}

/** The same for Markdown: `](/…)` links and images. */
function absoluteMarkdown(source: string, siteUrl: string): string {
  return source.replace(/\]\(\/(?!\/)/g, `](${siteUrl}/`)
}

export function noteUrl(siteUrl: string, slug: string): string {
  return `${siteUrl}/notes/${encodeURIComponent(slug)}`
}

function frame(facts: SiteFacts, title: string, inner: string): string {
  const palette = accentPalette(facts.accent)
  const site = escapeHtml(facts.ownerName)
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(title)}</title>
<style>
body { margin: 0; padding: 0; background: #f8fafc; color: #1e293b; font: 16px/1.6 -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; }
.wrap { max-width: 640px; margin: 0 auto; padding: 24px 16px; }
.card { background: #ffffff; border: 1px solid #e2e8f0; border-radius: 12px; padding: 24px; }
a { color: ${palette.inkLight}; }
h1 { font-size: 24px; line-height: 1.3; margin: 0 0 8px; color: #0f172a; }
.summary { color: #475569; margin: 0 0 16px; }
.button { display: inline-block; background: ${palette.accent}; color: ${palette.onAccent} !important; text-decoration: none; padding: 10px 18px; border-radius: 8px; font-weight: 600; }
.foot { color: #64748b; font-size: 13px; margin-top: 16px; }
img { max-width: 100%; height: auto; }
pre { overflow-x: auto; background: #f1f5f9; padding: 12px; border-radius: 8px; }
@media (prefers-color-scheme: dark) {
  body { background: #0f172a !important; color: #e2e8f0 !important; }
  .card { background: #1e293b !important; border-color: #334155 !important; }
  h1 { color: #f8fafc !important; }
  .summary, .foot { color: #cbd5e1 !important; }
  a { color: ${palette.inkDark} !important; }
  .button { color: ${palette.onAccent} !important; }
  pre { background: #0f172a !important; }
}
</style>
</head>
<body>
<div class="wrap">
<p class="foot">${site}</p>
${inner}
<p class="foot">You get this email because you subscribed to ${site}’s notes at <a href="${facts.siteUrl}">${escapeHtml(new URL(facts.siteUrl).host)}</a>.<br>
<a href="${UNSUBSCRIBE_PLACEHOLDER}">Unsubscribe</a> in one click.</p>
</div>
</body>
</html>
`
}

function textFoot(facts: SiteFacts): string {
  return `--\nYou get this email because you subscribed to ${facts.ownerName}’s notes at ${facts.siteUrl}.\nUnsubscribe in one click: ${UNSUBSCRIBE_PLACEHOLDER}\n`
}

function noteSection(facts: SiteFacts, note: NoteForMail, heading: 'h1' | 'h2'): string {
  const url = noteUrl(facts.siteUrl, note.slug)
  const body = absoluteAddresses(
    renderMarkdown(note.body, { headingBase: heading === 'h1' ? 2 : 3 }),
    facts.siteUrl,
  )
  return `<div class="card">
<${heading}><a href="${url}" style="color: inherit; text-decoration: none;">${escapeHtml(note.title)}</a></${heading}>
<p class="summary">${escapeHtml(note.summary)}</p>
${body}
<p><a class="button" href="${url}">View on the site</a></p>
</div>`
}

/** One note's email. */
export function noteEmail(facts: SiteFacts, note: NoteForMail): ComposedEmail {
  const url = noteUrl(facts.siteUrl, note.slug)
  return {
    subject: note.title,
    html: frame(facts, note.title, noteSection(facts, note, 'h1')),
    text: `${note.title}\n\n${note.summary}\n\n${absoluteMarkdown(note.body, facts.siteUrl)}\n\nView on the site: ${url}\n\n${textFoot(facts)}`,
  }
}

/** A week's digest: every note of the week, oldest first. */
export function digestEmail(facts: SiteFacts, week: string, notes: NoteForMail[]): ComposedEmail {
  const subject = `${facts.ownerName}: ${notes.length === 1 ? 'a new note' : `${notes.length} new notes`} this week`
  const sections = notes
    .map((note) => noteSection(facts, note, 'h2'))
    .join('\n<div style="height: 16px"></div>\n')
  const texts = notes
    .map(
      (note) =>
        `${note.title}\n${note.summary}\n\n${absoluteMarkdown(note.body, facts.siteUrl)}\n\nView on the site: ${noteUrl(facts.siteUrl, note.slug)}`,
    )
    .join('\n\n* * *\n\n')
  return {
    subject,
    html: frame(
      facts,
      subject,
      `<h1>${escapeHtml(subject)}</h1><p class="summary">Week ${escapeHtml(week)}</p>\n${sections}`,
    ),
    text: `${subject}\n\n${texts}\n\n${textFoot(facts)}`,
  }
}

/** The confirmation email: the single-use link and when it stops working. */
export function confirmationEmail(facts: SiteFacts, link: string, ttlHours: number): ComposedEmail {
  const subject = `Confirm your subscription to ${facts.ownerName}’s notes`
  const hours = `${ttlHours} hour${ttlHours === 1 ? '' : 's'}`
  const html = frame(
    facts,
    subject,
    `<div class="card"><h1>${escapeHtml(subject)}</h1>
<p>Someone, hopefully you, asked to get ${escapeHtml(facts.ownerName)}’s new notes by email at this address.</p>
<p><a class="button" href="${escapeHtml(link)}">Confirm my subscription</a></p>
<p class="foot">The link works once, for ${hours}. If you did not ask for this, ignore this email: nothing will be sent to you.</p></div>`,
  ).replace(/<p class="foot">You get this email[\s\S]*?<\/p>\n<\/div>/, '</div>')
  return {
    subject,
    html,
    text: `Someone, hopefully you, asked to get ${facts.ownerName}’s new notes by email at this address.\n\nConfirm your subscription: ${link}\n\nThe link works once, for ${hours}. If you did not ask for this, ignore this email: nothing will be sent to you.\n`,
  }
}

/** The recipient's own unsubscribe address put in place of the placeholder. */
export function personalised(text: string, unsubscribeUrl: string): string {
  return text.split(UNSUBSCRIBE_PLACEHOLDER).join(unsubscribeUrl)
}
