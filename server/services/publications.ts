/**
 * Publications (`/publications`, `/publications/{slug}`): the rules and
 * queries. Addresses are claimed as a project's are (former ones kept, so
 * old links redirect); drafts are the signed-in admin's; saves keep
 * revisions; the list has a manual order. Each answer carries the stored
 * citation count (server/services/citations.ts writes it; pages never wait
 * on OpenAlex) and the reference as BibTeX, RIS, APA and IEEE for the Cite
 * dialog, made by citation-js (server/scholarly/) and remembered per saved
 * version.
 */
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm'
import type {
  Publication,
  PublicationAuthorEntry,
  PublicationData,
  PublicationDraftEntry,
} from '../../src/schemas/publication'
import type { Revision } from '../../src/schemas/revisions'
import { publicationKind } from '../content/publication'
import type { Db } from '../db/client'
import { type Tx, writeContent } from '../db/content-version'
import { checkVersion, nextUpdatedAt, versionOf } from '../db/row-version'
import { publicationCitations, publicationSlugs, publications } from '../db/schema'
import { NotFoundError } from '../errors'
import { renderMarkdown } from '../markdown/render'
import { citationLibrary } from '../scholarly/citation-library'
import type { PublicationDraft } from '../scholarly/types'
import { firstPlace, listOrder, reorderRows } from './ordering'
import { listRevisions, recordRevision, revisionValues } from './revisions'
import { iso } from './rows'
import { slugAfterSave } from './slugs'
import { moveToTrash } from './trash'

export interface PublicationAudience {
  /** The signed-in admin: drafts too. */
  drafts: boolean
}
const visitors: PublicationAudience = { drafts: false }

const notFound = () => new NotFoundError(publicationKind.trash.notFound)

export const isPublished: SQL = eq(publications.status, 'published')
const visibleTo = (audience: PublicationAudience): SQL | undefined =>
  audience.drafts ? undefined : isPublished

/** Ids the publication page uses around the abstract. */
const abstractRendering = { reservedIds: ['main', 'page-title', 'abstract'], headingBase: 3 }

const columns = {
  id: publications.id,
  slug: publications.slug,
  type: publications.type,
  title: publications.title,
  authors: publications.authors,
  venue: publications.venue,
  year: publications.year,
  date: publications.date,
  volume: publications.volume,
  issue: publications.issue,
  pages: publications.pages,
  doi: publications.doi,
  arxiv_id: publications.arxiv_id,
  url: publications.url,
  pdf_url: publications.pdf_url,
  code_url: publications.code_url,
  slides_url: publications.slides_url,
  abstract: publications.abstract,
  tags: publications.tags,
  citation_key: publications.citation_key,
  selected: publications.selected,
  status: publications.status,
  sort_order: publications.sort_order,
  orcid_put_code: publications.orcid_put_code,
  seo_description: publications.seo_description,
  share_image: publications.share_image,
  canonical_url: publications.canonical_url,
  noindex: publications.noindex,
  created_at: publications.created_at,
  updated_at: publications.updated_at,
}
type Stored = {
  [K in keyof typeof columns]: (typeof columns)[K]['_']['notNull'] extends true
    ? (typeof columns)[K]['_']['data']
    : (typeof columns)[K]['_']['data'] | null
}

/** The scholarly shape citation-js's writers read. */
export function draftOf(row: {
  type: Stored['type']
  title: string
  authors: PublicationAuthorEntry[]
  venue: string | null
  year: number | null
  date: string | null
  volume: string | null
  issue: string | null
  pages: string | null
  doi: string | null
  arxiv_id: string | null
  url: string | null
  abstract: string
  tags: string[]
  citation_key: string | null
}): PublicationDraft {
  return {
    type: row.type,
    title: row.title,
    authors: row.authors.map(({ given, family, literal }) => ({ given, family, literal })),
    venue: row.venue,
    year: row.year,
    date: row.date,
    volume: row.volume,
    issue: row.issue,
    pages: row.pages,
    doi: row.doi,
    arxiv_id: row.arxiv_id,
    url: row.url,
    abstract: row.abstract || null,
    tags: row.tags,
    citation_key: row.citation_key,
  }
}

/** The Cite dialog's four texts of one saved version, remembered (a few hundred at most). */
const citeMemo = new Map<string, Publication['cite']>()
function citeOf(row: Stored): Publication['cite'] {
  const key = `${row.id}:${row.updated_at.getTime()}`
  const known = citeMemo.get(key)
  if (known) return known
  const draft = draftOf(row)
  const citation = citationLibrary()
  const cite = {
    bibtex: citation.writeBibtex([draft]).trim(),
    ris: citation.writeRis([draft]).trim(),
    apa: citation.formatReference(draft, 'apa'),
    ieee: citation.formatReference(draft, 'ieee'),
  }
  if (citeMemo.size >= 1000) citeMemo.delete(citeMemo.keys().next().value as string)
  citeMemo.set(key, cite)
  return cite
}

type Citation = {
  cited_by_count: number | null
  openalex_id: string | null
  fetched_at: Date | null
}

function toPublication(row: Stored, citation: Citation | undefined): Publication {
  const { orcid_put_code: _putCode, ...rest } = row
  return {
    ...rest,
    abstract_html: renderMarkdown(row.abstract, abstractRendering),
    citations:
      citation && citation.cited_by_count !== null && citation.fetched_at
        ? {
            cited_by_count: citation.cited_by_count,
            openalex_id: citation.openalex_id,
            fetched_at: iso(citation.fetched_at),
          }
        : null,
    cite: citeOf(row),
    version: versionOf(row.updated_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  }
}

async function withCitations(db: Db | Tx, rows: Stored[]): Promise<Publication[]> {
  const dois = [...new Set(rows.flatMap((row) => (row.doi ? [row.doi] : [])))]
  const counts =
    dois.length === 0
      ? []
      : await db
          .select({
            doi: publicationCitations.doi,
            cited_by_count: publicationCitations.cited_by_count,
            openalex_id: publicationCitations.openalex_id,
            fetched_at: publicationCitations.fetched_at,
          })
          .from(publicationCitations)
          .where(inArray(publicationCitations.doi, dois))
  const byDoi = new Map(counts.map((count) => [count.doi, count]))
  return rows.map((row) => toPublication(row, row.doi ? byDoi.get(row.doi) : undefined))
}

const one = async (db: Db | Tx, row: Stored) => (await withCitations(db, [row]))[0] as Publication

/** In the manual order (a new one comes first). */
export async function listPublications(
  db: Db,
  audience: PublicationAudience = visitors,
): Promise<Publication[]> {
  const rows = await db
    .select(columns)
    .from(publications)
    .where(visibleTo(audience))
    .orderBy(...listOrder(publications))
  return withCitations(db, rows)
}

/** The home page's "Selected publications": published and selected, in the list's order. */
export async function listSelectedPublications(db: Db): Promise<Publication[]> {
  const rows = await db
    .select(columns)
    .from(publications)
    .where(and(isPublished, eq(publications.selected, true)))
    .orderBy(...listOrder(publications))
  return withCitations(db, rows)
}

export async function getPublicationById(
  db: Db,
  id: number,
  audience: PublicationAudience = visitors,
): Promise<Publication> {
  const [row] = await db
    .select(columns)
    .from(publications)
    .where(and(eq(publications.id, id), visibleTo(audience)))
    .limit(1)
  if (!row) throw notFound()
  return one(db, row)
}

/** By its current or former address (the page redirects a former one). */
export async function getPublicationBySlug(
  db: Db,
  slug: string,
  audience: PublicationAudience = visitors,
): Promise<Publication> {
  if (slug.includes('\0')) throw notFound()
  const [row] = await db
    .select(columns)
    .from(publicationSlugs)
    .innerJoin(publications, eq(publications.id, publicationSlugs.publication_id))
    .where(and(eq(publicationSlugs.slug, slug), visibleTo(audience)))
    .limit(1)
  if (!row) throw notFound()
  return one(db, row)
}

const stored = (data: PublicationData) => ({
  type: data.type,
  title: data.title,
  authors: data.authors,
  venue: data.venue,
  year: data.year ?? (data.date ? Number(data.date.slice(0, 4)) : null),
  date: data.date,
  volume: data.volume,
  issue: data.issue,
  pages: data.pages,
  doi: data.doi,
  arxiv_id: data.arxiv_id,
  url: data.url,
  pdf_url: data.pdf_url,
  code_url: data.code_url,
  slides_url: data.slides_url,
  abstract: data.abstract,
  tags: data.tags,
  citation_key: data.citation_key,
  selected: data.selected,
  status: data.status,
  seo_description: data.seo_description,
  share_image: data.share_image,
  canonical_url: data.canonical_url,
  noindex: data.noindex,
})

export interface PublicationWriteContext {
  db: Db
  now: () => Date
}

/** Inserts one publication inside a transaction (a save, or each of an import's). */
export async function insertPublication(
  tx: Tx,
  data: PublicationData,
  now: Date,
  extra: { orcid_put_code?: number | null } = {},
): Promise<Stored> {
  const slug = await slugAfterSave(tx, publicationKind, data.slug, data.title, null)
  const [row] = await tx
    .insert(publications)
    .values({
      ...stored(data),
      slug,
      sort_order: await firstPlace(tx, publications),
      orcid_put_code: extra.orcid_put_code ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning(columns)
  if (!row) throw new Error('insert returned no row')
  await tx.insert(publicationSlugs).values({ slug, publication_id: row.id })
  return row
}

export async function createPublication(
  ctx: PublicationWriteContext,
  data: PublicationData,
): Promise<Publication> {
  return writeContent(ctx.db, async (tx) => one(tx, await insertPublication(tx, data, ctx.now())))
}

/** Replaces the fields; with `version`, a save over another version is a 409. */
export async function updatePublication(
  ctx: PublicationWriteContext,
  id: number,
  data: PublicationData,
  version?: number,
): Promise<Publication> {
  return writeContent(ctx.db, async (tx) => {
    const [current] = await tx
      .select(columns)
      .from(publications)
      .where(eq(publications.id, id))
      .for('update')
      .limit(1)
    if (!current) throw notFound()
    await checkVersion(version, current.updated_at, async () => one(tx, current), {
      id,
      ...data,
      version,
    })
    const slug = await slugAfterSave(tx, publicationKind, data.slug, data.title, current)
    const [row] = await tx
      .update(publications)
      .set({ ...stored(data), slug, updated_at: nextUpdatedAt(current.updated_at, ctx.now()) })
      .where(eq(publications.id, id))
      .returning(columns)
    if (!row) throw notFound()
    if (slug !== current.slug) {
      await tx.insert(publicationSlugs).values({ slug, publication_id: id }).onConflictDoNothing()
    }
    const { orcid_put_code: _a, sort_order: _b, ...before } = current
    const { orcid_put_code: _c, sort_order: _d, ...after } = row
    await recordRevision(tx, 'publication', id, before, after, ctx.now())
    return one(tx, row)
  })
}

/** Moves it to the Trash (its slugs still reserved for it): its address answers 404. */
export async function deletePublication(db: Db, id: number): Promise<void> {
  return writeContent(db, (tx) => moveToTrash(tx, 'publication', id))
}

export async function reorderPublications(db: Db, ids: readonly number[]): Promise<void> {
  return writeContent(db, (tx) => reorderRows(tx, publications, ids, 'publication'))
}

export async function publicationRevisions(db: Db, id: number): Promise<Revision[]> {
  const [row] = await db.select(columns).from(publications).where(eq(publications.id, id)).limit(1)
  if (!row) throw notFound()
  const { orcid_put_code: _a, sort_order: _b, ...current } = row
  return listRevisions(db, 'publication', id, current)
}

/** Writes a kept version back through the ordinary save (a revision itself); the address stays. */
export async function restorePublicationRevision(
  ctx: PublicationWriteContext,
  id: number,
  revisionId: number,
): Promise<Publication> {
  const current = await getPublicationById(ctx.db, id, { drafts: true })
  const values = await revisionValues(ctx.db, publications, 'publication', id, revisionId)
  const data = { ...stored(current as PublicationData), ...values, slug: current.slug }
  return updatePublication(ctx, id, data as PublicationData)
}

/** Every stored publication's duplicate keys, for an import's preview. */
export async function existingForDuplicates(db: Db): Promise<
  {
    id: number
    title: string
    doi: string | null
    arxiv_id: string | null
    year: number | null
    orcid_put_code: number | null
  }[]
> {
  return db
    .select({
      id: publications.id,
      title: publications.title,
      doi: publications.doi,
      arxiv_id: publications.arxiv_id,
      year: publications.year,
      orcid_put_code: publications.orcid_put_code,
    })
    .from(publications)
    .orderBy(asc(publications.id))
}

/** Published publications' addresses, for the sitemap. */
export async function publishedPublicationLinks(
  db: Db,
): Promise<{ slug: string; updated_at: string }[]> {
  const rows = await db
    .select({ slug: publications.slug, updated_at: publications.updated_at })
    .from(publications)
    .where(and(isPublished, eq(publications.noindex, false)))
    .orderBy(desc(publications.id))
  return rows.map((row) => ({ ...row, updated_at: iso(row.updated_at) }))
}

/** A draft as an import's preview answers it (the owner's own entry marked). */
export function previewDraft(draft: PublicationDraft, ownerName: string): PublicationDraftEntry {
  return {
    ...draft,
    authors: markOwner(draft.authors, ownerName),
    abstract: draft.abstract ?? '',
  }
}

const folded = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}]+/gu, ' ')
    .trim()

/**
 * Marks the author who is the owner: the same family name as the profile's last word and the
 * same first initial (or the same whole name as a literal).
 */
export function markOwner(
  authors: { given: string | null; family: string | null; literal: string | null }[],
  ownerName: string,
): PublicationAuthorEntry[] {
  const words = folded(ownerName).split(' ').filter(Boolean)
  const family = words.at(-1) ?? ''
  const initial = words[0]?.[0] ?? ''
  let marked = false
  return authors.map((author) => {
    const isOwner =
      !marked &&
      family !== '' &&
      (author.literal
        ? folded(author.literal) === words.join(' ')
        : folded(author.family ?? '') === family &&
          (words.length < 2 || folded(author.given ?? '').startsWith(initial)))
    if (isOwner) marked = true
    return { ...author, is_owner: isOwner }
  })
}
