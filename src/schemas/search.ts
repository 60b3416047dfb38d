import { searchKindNames } from '../domain/content-kinds'
import { z } from './zod'

/** The longest query accepted (a sentence; longer ones are refused, not cut). */
export const SEARCH_QUERY_MAX = 200

export const searchInput = z.object({
  q: z
    .string({ error: 'Search text is required.' })
    .trim()
    .min(1, 'Search text is required.')
    .max(SEARCH_QUERY_MAX, `Search text must be at most ${SEARCH_QUERY_MAX} characters.`)
    .regex(/^[^\0]*$/, 'Search text contains a character that is not allowed.'),
})

/** The `kind` of a result: one per searchable content kind. */
export const searchKinds = searchKindNames as [string, ...string[]]

export const searchResultSchema = z.object({
  kind: z.enum(searchKinds),
  title: z.string(),
  /** The page to open (a path on this site). */
  url: z.string(),
  /** Safe HTML: the matching passage, text escaped, the matches in <mark>. */
  snippet: z.string(),
})
export type SearchResult = z.infer<typeof searchResultSchema>

export const searchOutput = z.object({ results: z.array(searchResultSchema) })
