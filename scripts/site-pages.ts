/**
 * The public pages a browser run goes through (the theme and axe journey,
 * `bun run screenshots`, `bun run lighthouse`): one list, so a new page is
 * visited by all of them.
 */

/** Every public page: the lists, a project page and, given one, a note's page. */
export function publicPagePaths(slugs: { project: string; note?: string }): string[] {
  return [
    '/',
    '/projects',
    `/projects/${slugs.project}`,
    '/contact-me',
    '/cv',
    '/privacy',
    '/notes',
    ...(slugs.note ? [`/notes/${slugs.note}`] : []),
    '/search',
    '/newsletter',
  ]
}

/** An address no route answers: the "Page Not Found." page. */
export const notFoundPath = '/no-such-page'
