/**
 * Site search: PostgreSQL full-text search over projects, notes and the
 * timeline, the same on PGlite (it is PostgreSQL). Each kind has a weighted
 * search document (title A, short text and tags B, long text C; see
 * `searchDocuments` and `notes.search` in the schema). The query is read as
 * people type into search boxes (`or`, `-word`), normalised and capped by
 * `searchTerms`, each word a prefix (`postgres` finds "PostgreSQL"); results
 * are ranked by `ts_rank` across kinds and cut to a page, and only then does
 * `ts_headline` pick the passage shown for each. Only public content, for
 * everyone: a draft or a scheduled note is never found.
 */
import { sql } from 'drizzle-orm'
import type { SearchResult } from '../../src/schemas/search'
import { contentKinds } from '../content/registry'
import type { Db } from '../db/client'

/** Results per answer. */
export const SEARCH_LIMIT = 20
/**
 * Characters of a text its passage is picked from (the match is found in
 * the whole text; a passage past this shows the text's start): ts_headline
 * costs in proportion to what it reads.
 */
export const HEADLINE_SOURCE = 3_000

// Control characters no stored text keeps (they are cut from the passage first):
// ts_headline marks matches with them, and only then is the passage escaped.
const START = '\u0002'
const STOP = '\u0003'
const headlineOptions = `StartSel=${START}, StopSel=${STOP}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  )

/** The passage as safe HTML: everything escaped, each marked match in `<mark>`, markers balanced. */
export function snippetHtml(headline: string): string {
  const escaped = escapeHtml(headline.replace(/\s+/g, ' ').trim())
  return escaped
    .replace(new RegExp(`${START}([^${START}${STOP}]*)${STOP}`, 'g'), '<mark>$1</mark>')
    .replace(new RegExp(`[${START}${STOP}]`, 'g'), '')
}

/**
 * The passage's source as reading text: no marker character (so only
 * ts_headline's markers remain), and Markdown's syntax left out (images and
 * links keep their text, not their URLs; emphasis, heading and code marks go).
 */
const markdownLink = String.raw`!?\[([^\]]*)\]\([^)]*\)`
/** A code fence's line: its marks and its info string (the language name: `ts`, `python`). */
const codeFence = String.raw`(\`\`\`+|~~~+)[^\n]*`
const markdownMarks = '[#*_`>~|]+'
const unmarked = (text: ReturnType<typeof sql>) => {
  const plain = sql`translate(${text}, ${`${START}${STOP}`}, '  ')`
  const noFences = sql`regexp_replace(${plain}, ${codeFence}, ' ', 'g')`
  const noLinks = sql`regexp_replace(${noFences}, ${markdownLink}, ${String.raw`\1`}, 'g')`
  const noMarks = sql`regexp_replace(${noLinks}, ${markdownMarks}, ' ', 'g')`
  return sql`regexp_replace(${noMarks}, ${String.raw`\s+`}, ' ', 'g')`
}

/** Distinct words a query may hold; the rest are left out. */
export const SEARCH_MAX_TERMS = 8
/** A longer word is cut to this many characters (it still matches as a prefix). */
export const SEARCH_MAX_TERM_LENGTH = 32

/** A query as full-text search reads it: groups of alternatives (`a or b`), all required, and words left out. */
export interface SearchTerms {
  /** Every group must match; a group matches when one of its words does. */
  all: string[][]
  /** Words a result must not hold (`-word`). */
  none: string[]
}

/**
 * What people type, normalised: lower case, only letters and digits (so
 * nothing of tsquery's syntax gets through), each word once, at most
 * SEARCH_MAX_TERMS words of at most SEARCH_MAX_TERM_LENGTH characters.
 * `or` between two words makes them alternatives and `-word` leaves results
 * with it out, as search boxes do (quotes are read as plain words).
 */
export function searchTerms(q: string): SearchTerms {
  const all: string[][] = []
  const none: string[] = []
  const seen = new Set<string>()
  let joinNext = false
  for (const token of q.normalize('NFKC').toLowerCase().split(/\s+/)) {
    if (token === 'or') {
      joinNext = all.length > 0
      continue
    }
    const negated = token.startsWith('-')
    for (const match of token.matchAll(/[\p{L}\p{N}]+/gu)) {
      const word = Array.from(match[0]).slice(0, SEARCH_MAX_TERM_LENGTH).join('')
      if (seen.has(word) || seen.size >= SEARCH_MAX_TERMS) continue
      seen.add(word)
      if (negated) none.push(word)
      else if (joinNext) all[all.length - 1]?.push(word)
      else all.push([word])
      joinNext = false
    }
  }
  return { all, none }
}

/**
 * The tsquery text of the terms: each word a prefix (`postgres` finds
 * "PostgreSQL"), stemmed by the English configuration like the documents;
 * null when nothing is left to look for.
 */
export function tsqueryText(terms: SearchTerms): string | null {
  if (terms.all.length === 0) return null
  const groups = terms.all.map((group) => `(${group.map((word) => `'${word}':*`).join(' | ')})`)
  return [...groups, ...terms.none.map((word) => `!'${word}'`)].join(' & ')
}

interface Row extends Record<string, unknown> {
  kind: SearchResult['kind']
  title: string
  slug: string | null
  id: number
  rank: number
  headline: string
}

/** The searchable kinds, each with the `kind` its results answer. */
const searchable = contentKinds.flatMap((each) =>
  each.search && each.labels.searchKind
    ? [{ facet: each.search, kind: each.labels.searchKind, table: each.table }]
    : [],
)

const urlOf = (row: Row): string =>
  searchable.find((each) => each.kind === row.kind)?.facet.url(row.slug) ?? '/'

/**
 * The public content matching `q`, best first. The matching rows are ranked
 * and cut to SEARCH_LIMIT first, from the indexed documents alone; only
 * those get their passage (ts_headline and the Markdown clean-up, the
 * costly part), so the cost follows the page shown, not the matches.
 */
export async function searchSite(db: Db, q: string): Promise<SearchResult[]> {
  const text = tsqueryText(searchTerms(q))
  if (!text) return []
  // The documents' configuration (the schema's expressions): English stemming.
  const config = sql.raw(`'english'::regconfig`)
  const query = sql`to_tsquery(${config}, ${text})`
  // The passage comes from the text's first HEADLINE_SOURCE characters: its cost follows the length.
  const headline = (source: ReturnType<typeof sql>) =>
    sql`ts_headline(${config}, ${unmarked(sql`left(${source}, ${HEADLINE_SOURCE})`)}, ${query}, ${headlineOptions})`
  const matched = sql.join(
    searchable.map(
      ({ facet, kind, table }) =>
        sql`select ${kind}::text as kind, ${table.id} as id, ts_rank(${facet.document}, ${query}) as rank
        from ${table}
        where ${facet.visible ? sql`${facet.visible} and ` : sql``}${facet.document} @@ ${query}`,
    ),
    sql` union all `,
  )
  const shown = sql.join(
    searchable.map(
      ({ facet, kind, table }) =>
        sql`select found.kind, found.id, found.rank, ${facet.title} as title, ${facet.slug ?? sql`null`} as slug,
        ${headline(facet.passage)} as headline
      from found join ${table} on found.kind = ${kind} and ${table.id} = found.id`,
    ),
    sql` union all `,
  )
  const result = await db.execute<Row>(sql`
    with found as (
      select * from (${matched}) as matched
      order by rank desc, kind, id desc
      limit ${SEARCH_LIMIT}
    )
    select * from (${shown}) as shown
    order by rank desc, kind, id desc
  `)
  const rows = Array.isArray(result) ? (result as Row[]) : (result as { rows: Row[] }).rows
  return rows.map((row) => ({
    kind: row.kind,
    title: row.title,
    url: urlOf(row),
    snippet: snippetHtml(row.headline),
  }))
}
