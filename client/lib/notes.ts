/** How the notes pages show a note's date: the day in UTC, the same on the server and in the browser. */
export function noteDate(iso: string | null): string {
  if (!iso) return ''
  return new Date(iso).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  })
}

/** The feeds every page announces (`<link rel="alternate">`), served by server/http/surfaces/feeds.ts. */
export const feedLinks = [
  { rel: 'alternate', type: 'application/atom+xml', href: '/feed.xml', title: 'Notes (Atom)' },
  { rel: 'alternate', type: 'application/rss+xml', href: '/rss.xml', title: 'Notes (RSS)' },
  {
    rel: 'alternate',
    type: 'application/feed+json',
    href: '/feed.json',
    title: 'Notes (JSON Feed)',
  },
]
