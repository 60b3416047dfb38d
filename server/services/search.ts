/**
 * Site search: PostgreSQL full-text search over projects, posts and the
 * timeline, the same on PGlite (it is PostgreSQL). Each kind has a weighted
 * search document (title A, short text and tags B, long text C; see
 * `searchDocuments` and `posts.search` in the schema), the query is read by
 * `websearch_to_tsquery` (quotes, `or`, `-word`, as people type into search
 * boxes), results are ranked by `ts_rank` across kinds, and `ts_headline`
 * picks the passage shown. Only public content, for everyone: a draft or a
 * scheduled post is never found.
 */
import { sql } from 'drizzle-orm'
import type { SearchResult } from '../../src/schemas/search'
import type { Db } from '../db/client'
import { posts, projects, searchDocuments, timelineEvents } from '../db/schema'
import { isLive } from './posts'

/** Results per answer. */
export const SEARCH_LIMIT = 20

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
const markdownMarks = '[#*_`>~|]+'
const unmarked = (text: ReturnType<typeof sql>) => {
  const plain = sql`translate(${text}, ${`${START}${STOP}`}, '  ')`
  const noLinks = sql`regexp_replace(${plain}, ${markdownLink}, ${String.raw`\1`}, 'g')`
  const noMarks = sql`regexp_replace(${noLinks}, ${markdownMarks}, ' ', 'g')`
  return sql`regexp_replace(${noMarks}, ${String.raw`\s+`}, ' ', 'g')`
}

interface Row extends Record<string, unknown> {
  kind: SearchResult['kind']
  title: string
  slug: string | null
  id: number
  rank: number
  headline: string
}

const urlOf = (row: Row): string => {
  if (row.kind === 'project') return `/projects/${encodeURIComponent(row.slug ?? '')}`
  if (row.kind === 'post') return `/notes/${encodeURIComponent(row.slug ?? '')}`
  return '/#timeline-title'
}

export async function searchSite(db: Db, q: string): Promise<SearchResult[]> {
  // The documents' configuration (the schema's expressions): English stemming.
  const config = sql.raw(`'english'::regconfig`)
  const query = sql`websearch_to_tsquery(${config}, ${q})`
  const headline = (text: ReturnType<typeof sql>) =>
    sql`ts_headline(${config}, ${unmarked(text)}, ${query}, ${headlineOptions})`
  const result = await db.execute<Row>(sql`
    select * from (
      select 'project' as kind, ${projects.title} as title, ${projects.slug} as slug, ${projects.id} as id,
        ts_rank(${searchDocuments.projects}, ${query}) as rank,
        ${headline(sql`${projects.description} || ' — ' || ${projects.long_description}`)} as headline
      from ${projects}
      where ${projects.is_published} and ${searchDocuments.projects} @@ ${query}
      union all
      select 'post', ${posts.title}, ${posts.slug}, ${posts.id},
        ts_rank(${posts.search}, ${query}),
        ${headline(sql`${posts.summary} || ' — ' || ${posts.body}`)}
      from ${posts}
      where ${isLive} and ${posts.search} @@ ${query}
      union all
      select 'timeline', ${timelineEvents.title}, null, ${timelineEvents.id},
        ts_rank(${searchDocuments.timeline}, ${query}),
        ${headline(sql`${timelineEvents.position} || ' — ' || search_list_text(${timelineEvents.description})`)}
      from ${timelineEvents}
      where ${searchDocuments.timeline} @@ ${query}
    ) as found
    order by rank desc, kind, id desc
    limit ${SEARCH_LIMIT}
  `)
  const rows = Array.isArray(result) ? (result as Row[]) : (result as { rows: Row[] }).rows
  return rows.map((row) => ({
    kind: row.kind,
    title: row.title,
    url: urlOf(row),
    snippet: snippetHtml(row.headline),
  }))
}
