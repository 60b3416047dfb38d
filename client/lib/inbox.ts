/**
 * The admin inbox's pure parts: which messages a view shows, search, the
 * Reply link and the CSV export. No React, so tests read them directly.
 */

export interface InboxMessage {
  id: number
  name: string
  email: string
  message: string
  status: 'unread' | 'read' | 'archived' | 'spam'
  created_at: string
}

export type InboxView = 'inbox' | 'archived' | 'spam'

export const inboxViews: { key: InboxView; label: string }[] = [
  { key: 'inbox', label: 'Inbox' },
  { key: 'archived', label: 'Archived' },
  { key: 'spam', label: 'Spam' },
]

export function inView(message: InboxMessage, view: InboxView): boolean {
  if (view === 'inbox') return message.status === 'unread' || message.status === 'read'
  return message.status === view
}

/** Case-insensitive, on name, email or text; every word must be found. */
export function matchesSearch(message: InboxMessage, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return true
  const haystack = `${message.name}\n${message.email}\n${message.message}`.toLowerCase()
  return words.every((word) => haystack.includes(word))
}

export function unreadCount(messages: readonly InboxMessage[]): number {
  return messages.filter((message) => message.status === 'unread').length
}

/** "22 Nov 2026, 19:13" in the reader's locale and time zone. */
export function formatDate(iso: string, locale?: string): string {
  return new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' })
}

/**
 * A `mailto:` answering the sender: "Re:" subject naming the site, the
 * message quoted below an attribution line.
 */
export function replyHref(message: InboxMessage, siteHost: string): string {
  const quoted = message.message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n')
  const body = `\n\nOn ${message.created_at.slice(0, 10)}, ${message.name} wrote:\n${quoted}\n`
  const params = [
    `subject=${encodeURIComponent(`Re: Your message on ${siteHost}`)}`,
    `body=${encodeURIComponent(body)}`,
  ]
  return `mailto:${encodeURIComponent(message.email).replace('%40', '@')}?${params.join('&')}`
}

/**
 * One CSV field (RFC 4180): quoted, quotes doubled. A leading = + - @ (a
 * formula to a spreadsheet) gets an apostrophe first, so opening the file
 * never runs what a visitor typed (OWASP "CSV injection").
 */
function csvField(value: string | number): string {
  let text = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return `"${text.replace(/"/g, '""')}"`
}

export function messagesCsv(messages: readonly InboxMessage[]): string {
  const header = ['id', 'date', 'status', 'name', 'email', 'message']
  const rows = messages.map((m) =>
    [m.id, m.created_at, m.status, m.name, m.email, m.message].map(csvField).join(','),
  )
  return `${[header.join(','), ...rows].join('\r\n')}\r\n`
}
