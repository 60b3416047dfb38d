import type { AnalyticsSummary } from '../schemas/analytics'

/** One CSV field: quoted when it holds a comma, a quote or a line break; a leading =+-@ is defused. */
function field(value: string | number): string {
  let text = String(value)
  // A spreadsheet would run "=HYPERLINK(…)" from a path or a link's name (CSV injection).
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/**
 * The analytics of a range as one CSV table (RFC 4180, CRLF): a row per
 * day, page, referrer, device and share link, told apart by `section`, so
 * that a spreadsheet can filter it. Visitors are empty where there are none
 * to count (pages, referrers and devices count views only).
 */
export function analyticsCsv(summary: AnalyticsSummary): string {
  const rows: (string | number)[][] = [['section', 'name', 'views', 'visitors']]
  for (const day of summary.daily) rows.push(['day', day.date, day.views, day.visitors])
  for (const page of summary.pages) rows.push(['page', page.path, page.views, ''])
  for (const referrer of summary.referrers)
    rows.push(['referrer', referrer.host, referrer.views, ''])
  for (const device of summary.devices) rows.push(['device', device.device, device.views, ''])
  for (const link of summary.share_links) {
    rows.push(['share_link', link.name, link.views, link.visitors])
  }
  rows.push(['total', '', summary.totals.views, summary.totals.visitors])
  return `${rows.map((row) => row.map(field).join(',')).join('\r\n')}\r\n`
}
