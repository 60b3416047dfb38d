/**
 * The spec's slug rule: the title lowercased, runs of whitespace turned into
 * hyphens, and every other non-word character except hyphens removed.
 * A title made only of punctuation would give an empty slug, which no URL can
 * carry, so it falls back to `project`.
 */
export function slugify(title: string): string {
  const slug = title
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^\w-]+/g, '')
  return slug === '' ? 'project' : slug
}

/**
 * The n-th candidate for a slug: the base itself first, then `base-2`,
 * `base-3`… so that a second project with the same title gets `-2`.
 */
export function slugCandidate(base: string, attempt: number): string {
  return attempt <= 1 ? base : `${base}-${attempt}`
}
