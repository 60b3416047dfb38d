/**
 * When two publications are the same one: the same DOI, else the same arXiv id, else the same
 * title (letters and digits only, accents and case ignored) in the same year.
 */
import type { PublicationDraft } from './types'

export function normaliseTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/** The keys a publication is found by; two sharing any key are duplicates. */
export function duplicateKeys(
  publication: Pick<PublicationDraft, 'doi' | 'arxiv_id' | 'title' | 'year'>,
): string[] {
  const keys: string[] = []
  if (publication.doi) keys.push(`doi:${publication.doi.toLowerCase()}`)
  if (publication.arxiv_id) keys.push(`arxiv:${publication.arxiv_id}`)
  keys.push(`title:${normaliseTitle(publication.title)}:${publication.year ?? ''}`)
  return keys
}

/**
 * For each candidate, the index of the first existing publication (or earlier candidate)
 * it duplicates, or null: what an import preview flags.
 */
export function findDuplicates(
  existing: Pick<PublicationDraft, 'doi' | 'arxiv_id' | 'title' | 'year'>[],
  candidates: Pick<PublicationDraft, 'doi' | 'arxiv_id' | 'title' | 'year'>[],
): ({ of: 'existing' | 'file'; index: number } | null)[] {
  const known = new Map<string, { of: 'existing' | 'file'; index: number }>()
  existing.forEach((publication, index) => {
    for (const key of duplicateKeys(publication))
      if (!known.has(key)) known.set(key, { of: 'existing', index })
  })
  return candidates.map((candidate, index) => {
    const keys = duplicateKeys(candidate)
    const found = keys.map((key) => known.get(key)).find(Boolean) ?? null
    for (const key of keys) if (!known.has(key)) known.set(key, { of: 'file', index })
    return found
  })
}
