/**
 * Publications without typing: a BibTeX file read into a preview (duplicates
 * flagged, a malformed entry reported while the rest is read), the entries the
 * owner chose saved; a DOI or an arXiv id looked up; the owner's ORCID works
 * compared with what is here and the new ones imported, so a re-sync creates
 * nothing twice; and the export as BibTeX or RIS. The outside services are
 * read through server/scholarly/sources.ts (the outbound fetcher), their roots
 * from the configuration.
 */
import { eq } from 'drizzle-orm'
import { normaliseOrcid, ORCID_FORMAT_ERROR } from '../../src/domain/orcid'
import type {
  ImportPreview,
  PublicationData,
  PublicationDraftEntry,
} from '../../src/schemas/publication'
import { defaultScholarlyConfig, type ScholarlyConfig } from '../config'
import type { Db } from '../db/client'
import { writeContent } from '../db/content-version'
import { profile, publications } from '../db/schema'
import { InvalidFieldError, NotFoundError, RateLimitedError, UnavailableError } from '../errors'
import { citationLibrary } from '../scholarly/citation-library'
import { normaliseArxivId, normaliseDoi } from '../scholarly/csl'
import { duplicateKeys, findDuplicates } from '../scholarly/duplicates'
import {
  lookupArxiv,
  lookupDoi,
  orcidWorks,
  type ScholarlySettings,
  SourceError,
} from '../scholarly/sources'
import type { PublicationDraft } from '../scholarly/types'
import type { ServiceContext } from './context'
import { listOrder } from './ordering'
import {
  draftOf,
  existingForDuplicates,
  insertPublication,
  isPublished,
  previewDraft,
} from './publications'

export function scholarlySettings(config: ScholarlyConfig | undefined): ScholarlySettings {
  const c = config ?? defaultScholarlyConfig
  return {
    crossrefUrl: c.crossrefUrl,
    dataciteUrl: c.dataciteUrl,
    arxivUrl: c.arxivUrl,
    orcidUrl: c.orcidUrl,
    openalexUrl: c.openalexUrl,
    mailto: c.mailto,
    timeoutMs: c.timeoutMs,
    allowLoopback: c.allowLoopback,
  }
}

/** A source's refusal as the project's errors: 429 with its wait, else 503 with its sentence. */
function fromSource(error: unknown): never {
  if (error instanceof SourceError) {
    if (error.retryAfterMs !== null)
      throw new RateLimitedError(
        `${error.message} Try again later.`,
        Math.max(1, Math.ceil(error.retryAfterMs / 1000)),
      )
    throw new UnavailableError(`${error.message} Try again later.`)
  }
  throw error
}

/** The iD typed, or, when none was, the profile's. */
async function orcidOf(db: Db, typed: string | undefined): Promise<string> {
  if (typed?.trim()) {
    const orcid = normaliseOrcid(typed)
    if (!orcid) throw new InvalidFieldError('orcid', ORCID_FORMAT_ERROR)
    return orcid
  }
  const [row] = await db.select({ orcid: profile.orcid }).from(profile).limit(1)
  if (!row?.orcid)
    throw new InvalidFieldError(
      'orcid',
      'ORCID iD is required: type it here, or add it to your profile on the Profile screen.',
    )
  return row.orcid
}

async function ownerName(db: Db): Promise<string> {
  const [row] = await db.select({ name: profile.name }).from(profile).limit(1)
  return row?.name ?? ''
}

/** A BibTeX file read, each entry with the publication it duplicates; nothing is saved. */
export async function previewBibtex(db: Db, bibtex: string): Promise<ImportPreview> {
  const { entries, errors } = citationLibrary().readBibtex(bibtex)
  const existing = await existingForDuplicates(db)
  const duplicates = findDuplicates(existing, entries)
  const name = await ownerName(db)
  return {
    entries: entries.map((entry, index) => {
      const found = duplicates[index]
      const of = found?.of === 'existing' ? existing[found.index] : undefined
      return {
        publication: previewDraft(entry, name),
        duplicate_of: of ? { id: of.id, title: of.title } : null,
        duplicate_in_file: found?.of === 'file' ? found.index : null,
      }
    }),
    errors,
  }
}

export interface ImportContext {
  db: Db
  now: () => Date
}

type ImportFields = Omit<
  PublicationData,
  'slug' | 'selected' | 'status' | 'seo_description' | 'share_image' | 'canonical_url' | 'noindex'
>

const asData = (fields: ImportFields, status: 'draft' | 'published'): PublicationData => ({
  ...fields,
  slug: undefined,
  selected: false,
  status,
  seo_description: null,
  share_image: null,
  canonical_url: null,
  noindex: false,
})

/**
 * Saves the chosen entries in one transaction: all or none. An entry that duplicates a
 * stored publication (or one before it in the list) is refused, naming it.
 */
export async function importPublications(
  ctx: ImportContext,
  chosen: ImportFields[],
  status: 'draft' | 'published',
): Promise<{ created: { id: number; slug: string; title: string }[] }> {
  const existing = await existingForDuplicates(ctx.db)
  const duplicates = findDuplicates(existing, chosen)
  duplicates.forEach((found, index) => {
    if (!found) return
    const what =
      found.of === 'existing'
        ? `“${existing[found.index]?.title}”, already here`
        : `entry ${found.index + 1} of this import`
    throw new InvalidFieldError(
      `publications.${index}`,
      `Entry ${index + 1} (“${chosen[index]?.title}”) is the same publication as ${what}.`,
    )
  })
  return writeContent(ctx.db, async (tx) => {
    const created: { id: number; slug: string; title: string }[] = []
    // Inserted last first, so that each new one coming first leaves them in the file's order.
    for (const fields of [...chosen].reverse()) {
      const row = await insertPublication(tx, asData(fields, status), ctx.now())
      created.unshift({ id: row.id, slug: row.slug, title: row.title })
    }
    return { created }
  })
}

/** A DOI's (Crossref, else DataCite) or an arXiv id's metadata, as a draft to save. */
export async function lookupPublication(
  ctx: Pick<ServiceContext, 'db' | 'config'>,
  id: string,
): Promise<PublicationDraftEntry> {
  const settings = scholarlySettings(ctx.config.scholarly)
  const doi = normaliseDoi(id)
  const arxiv = doi ? null : normaliseArxivId(id)
  if (!doi && !arxiv)
    throw new InvalidFieldError(
      'id',
      'Identifier must be a DOI (10.1145/3290605.3300233) or an arXiv id (2501.01234).',
    )
  let found: PublicationDraft | null
  try {
    found = doi ? await lookupDoi(doi, settings) : await lookupArxiv(arxiv as string, settings)
  } catch (error) {
    fromSource(error)
  }
  if (!found)
    throw new NotFoundError(
      doi ? `No record was found for the DOI ${doi}.` : `arXiv has no preprint ${arxiv}.`,
    )
  return previewDraft(found, await ownerName(ctx.db))
}

/** The owner's ORCID works: those not here yet, and those already matched to a publication. */
export async function orcidPreview(
  ctx: Pick<ServiceContext, 'db' | 'config'>,
  orcidInput: string | undefined,
) {
  const orcid = await orcidOf(ctx.db, orcidInput)
  let works: Awaited<ReturnType<typeof orcidWorks>>
  try {
    works = await orcidWorks(orcid, scholarlySettings(ctx.config.scholarly))
  } catch (error) {
    fromSource(error)
  }
  const existing = await existingForDuplicates(ctx.db)
  const byPutCode = new Map(
    existing.flatMap((row) => (row.orcid_put_code ? [[row.orcid_put_code, row] as const] : [])),
  )
  const byKey = new Map<string, (typeof existing)[number]>()
  for (const row of existing) for (const key of duplicateKeys(row)) byKey.set(key, row)
  const name = await ownerName(ctx.db)
  const fresh: { put_code: number; publication: PublicationDraftEntry }[] = []
  const known: { put_code: number; title: string; publication_id: number }[] = []
  const seen = new Set<string>()
  for (const work of works) {
    const match =
      byPutCode.get(work.put_code) ??
      duplicateKeys(work.publication)
        .map((key) => byKey.get(key))
        .find(Boolean)
    if (match) {
      known.push({ put_code: work.put_code, title: match.title, publication_id: match.id })
      continue
    }
    // Two groups of one record can still be one work (the same DOI): offered once.
    const keys = duplicateKeys(work.publication)
    if (keys.some((key) => seen.has(key))) continue
    for (const key of keys) seen.add(key)
    fresh.push({ put_code: work.put_code, publication: previewDraft(work.publication, name) })
  }
  return { new: fresh, known }
}

/**
 * Imports the works that are new (as drafts), and records the ORCID put-code on those
 * already here, so the next sync matches them at once: a re-sync creates nothing.
 */
export async function orcidSync(
  ctx: ImportContext & Pick<ServiceContext, 'config'>,
  orcid: string | undefined,
) {
  const preview = await orcidPreview(ctx, orcid)
  return writeContent(ctx.db, async (tx) => {
    for (const known of preview.known)
      await tx
        .update(publications)
        .set({ orcid_put_code: known.put_code })
        .where(eq(publications.id, known.publication_id))
    const created: { id: number; slug: string; title: string }[] = []
    for (const work of [...preview.new].reverse()) {
      const { publication } = work
      const row = await insertPublication(
        tx,
        asData(
          {
            ...publication,
            pdf_url: null,
            code_url: null,
            slides_url: null,
          },
          'draft',
        ),
        ctx.now(),
        { orcid_put_code: work.put_code },
      )
      created.unshift({ id: row.id, slug: row.slug, title: row.title })
    }
    return { created, known: preview.known.length }
  })
}

/** The published list as one file, in the list's order. */
export async function exportPublications(db: Db, format: 'bibtex' | 'ris'): Promise<string> {
  const rows = await db
    .select({
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
      abstract: publications.abstract,
      tags: publications.tags,
      citation_key: publications.citation_key,
    })
    .from(publications)
    .where(isPublished)
    .orderBy(...listOrder(publications))
  if (rows.length === 0) return ''
  const drafts = rows.map(draftOf)
  const citation = citationLibrary()
  return format === 'bibtex' ? citation.writeBibtex(drafts) : citation.writeRis(drafts)
}
