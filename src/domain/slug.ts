import transliterate from '@sindresorhus/transliterate'

/** A Latin letter with whatever marks follow it (after NFKC most are precomposed). */
const latinLetter = /\p{Script=Latin}\p{M}*/gu

/** What an address may not hold: anything but letters, their marks, digits, `_` and `-`. */
const notWordOrHyphen = /[^\p{L}\p{M}\p{Nd}_-]+/gu

/**
 * The spec's slug rule, read for every script: the title lowercased, runs of
 * whitespace turned into hyphens, and every other non-word character except
 * hyphens removed. Before that, Latin letters with accents are written
 * without them (é → e, ß → ss, Ł → l, æ → ae) by a maintained table
 * (`@sindresorhus/transliterate`), applied to Latin letters only: letters of
 * other scripts are word characters too and stay as they are ("交通追踪器",
 * "привет-мир"), percent-encoded in URLs as browsers do. For a title in plain
 * ASCII the result is exactly the spec's. A title made only of punctuation
 * would give an empty slug, which no URL can carry, so it falls back to
 * `project`.
 */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKC')
    .replace(latinLetter, (letter) => transliterate(letter))
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(notWordOrHyphen, '')
  return slug === '' ? 'project' : slug
}

/**
 * The n-th candidate for a slug: the base itself first, then `base-2`,
 * `base-3`… so that a second project with the same title gets `-2`.
 */
export function slugCandidate(base: string, attempt: number): string {
  return attempt <= 1 ? base : `${base}-${attempt}`
}
