/**
 * The scholarly record: publications (`/publications`, `/publications/{slug}`),
 * their import (BibTeX, a DOI, an arXiv id, ORCID) and export, and their
 * citation counts (stored, from OpenAlex). docs/publications.md.
 */

import { normaliseOrcid, ORCID_FORMAT_ERROR } from '../domain/orcid'
import {
  addressField,
  expectedVersion,
  idSchema,
  limits,
  nullableText,
  nullableUrl,
  optionalText,
  requiredText,
  stringList,
  timestamps,
  versionSchema,
} from './fields'
import { seoInputFields, seoOutputFields } from './seo'
import { z } from './zod'

export const publicationTypes = [
  'journal-article',
  'conference-paper',
  'preprint',
  'thesis',
  'book',
  'chapter',
  'report',
  'software',
  'dataset',
] as const
export type PublicationTypeName = (typeof publicationTypes)[number]

/** What the pages call each type (the filter, the group headings). */
export const publicationTypeLabels: Record<PublicationTypeName, string> = {
  'journal-article': 'Journal article',
  'conference-paper': 'Conference paper',
  preprint: 'Preprint',
  thesis: 'Thesis',
  book: 'Book',
  chapter: 'Book chapter',
  report: 'Report',
  software: 'Software',
  dataset: 'Dataset',
}

export const publicationStatuses = ['draft', 'published'] as const

/** Authors one publication may list (large collaborations list hundreds). */
export const AUTHORS_MAX = 500

const authorInput = z
  .object({
    given: nullableText('Author given name', limits.name),
    family: nullableText('Author family name', limits.name),
    /** An organisation, or a name that does not split. */
    literal: nullableText('Author name', limits.name),
    /** The owner's own entry: emphasised in every list. */
    is_owner: z
      .boolean({ error: 'Author is_owner must be true or false.' })
      .nullish()
      .transform((value) => value ?? false),
  })
  .refine((author) => author.given || author.family || author.literal, {
    message: 'Each author needs a name.',
  })

/** `10.1145/abc` from a DOI, `doi:` or a doi.org address; lower-case. */
const doiField = nullableText('DOI', limits.url)
  .transform((value) =>
    value ? value.replace(/^(https?:\/\/(dx\.)?doi\.org\/|doi:)/i, '').toLowerCase() : null,
  )
  .refine(
    (value) => value === null || /^10\.\d{4,9}\/\S+$/.test(value),
    'DOI must look like 10.1145/3290605.3300233.',
  )

const arxivField = nullableText('arXiv id', 100)
  .transform((value) =>
    value
      ? value
          .replace(/^(https?:\/\/arxiv\.org\/(abs|pdf)\/|arxiv:)/i, '')
          .replace(/\.pdf$/i, '')
          .replace(/v\d+$/, '')
      : null,
  )
  .refine(
    (value) => value === null || /^(\d{4}\.\d{4,5}|[a-z-]+(\.[A-Z]{2})?\/\d{7})$/.test(value),
    'arXiv id must look like 2501.01234.',
  )

const yearField = z
  .number({ error: 'Year must be a whole number.' })
  .int('Year must be a whole number.')
  .min(1000, 'Year must be between 1000 and 2200.')
  .max(2200, 'Year must be between 1000 and 2200.')
  .nullish()
  .transform((value) => value ?? null)

const dateField = nullableText('Date', 10).refine(
  (value) => value === null || /^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$/.test(value),
  'Date must be YYYY-MM or YYYY-MM-DD.',
)

/** The fields of one publication as the importers hand it to a save (no address, state or order). */
export const publicationFields = {
  type: z.enum(publicationTypes, {
    error: `Type must be one of: ${publicationTypes.join(', ')}.`,
  }),
  title: requiredText('Title', 500),
  authors: z
    .array(authorInput, { error: 'Authors must be a list.' })
    .max(AUTHORS_MAX, `Authors can hold at most ${AUTHORS_MAX} names.`)
    .nullish()
    .transform((value) => value ?? []),
  venue: nullableText('Venue', limits.shortText),
  year: yearField,
  date: dateField,
  volume: nullableText('Volume', 50),
  issue: nullableText('Issue', 50),
  pages: nullableText('Pages', 50),
  doi: doiField,
  arxiv_id: arxivField,
  url: nullableUrl('Link'),
  pdf_url: nullableUrl('PDF'),
  code_url: nullableUrl('Code'),
  slides_url: nullableUrl('Slides'),
  abstract: optionalText('Abstract', limits.longText, { multiline: true }),
  tags: stringList('Tags', limits.tag),
  citation_key: nullableText('Citation key', 200).refine(
    (value) => value === null || /^[^\s,{}"#%'()=\\~]+$/.test(value),
    'Citation key must be one word without spaces, commas or braces.',
  ),
}

export const publicationInput = z.object({
  ...publicationFields,
  /** `/publications/{slug}`; blank, null or absent: it follows the title. */
  slug: addressField('Address'),
  selected: z
    .boolean({ error: 'Selected must be true or false.' })
    .nullish()
    .transform((value) => value ?? false),
  status: z.enum(publicationStatuses, { error: 'Status must be "draft" or "published".' }),
  ...seoInputFields,
})
export type PublicationInput = z.input<typeof publicationInput>
export type PublicationData = z.output<typeof publicationInput>

export const publicationUpdateInput = publicationInput.extend({
  id: idSchema,
  version: expectedVersion,
})

export const publicationAuthorSchema = z.object({
  given: z.string().nullable(),
  family: z.string().nullable(),
  literal: z.string().nullable(),
  is_owner: z.boolean(),
})
export type PublicationAuthorEntry = z.infer<typeof publicationAuthorSchema>

/** The stored count from OpenAlex; null until the first good answer. */
export const citationsSchema = z.object({
  cited_by_count: z.number(),
  openalex_id: z.string().nullable(),
  /** When OpenAlex last answered (ISO). */
  fetched_at: z.string(),
})

export const publicationSchema = z.object({
  id: z.number(),
  slug: z.string(),
  type: z.enum(publicationTypes),
  title: z.string(),
  authors: z.array(publicationAuthorSchema),
  venue: z.string().nullable(),
  year: z.number().nullable(),
  date: z.string().nullable(),
  volume: z.string().nullable(),
  issue: z.string().nullable(),
  pages: z.string().nullable(),
  doi: z.string().nullable(),
  arxiv_id: z.string().nullable(),
  url: z.string().nullable(),
  pdf_url: z.string().nullable(),
  code_url: z.string().nullable(),
  slides_url: z.string().nullable(),
  abstract: z.string(),
  /** The abstract rendered from Markdown on the server, sanitised. */
  abstract_html: z.string(),
  tags: z.array(z.string()),
  citation_key: z.string().nullable(),
  selected: z.boolean(),
  status: z.enum(publicationStatuses),
  sort_order: z.number(),
  citations: citationsSchema.nullable(),
  /** The reference as BibTeX, RIS, APA and IEEE (the Cite dialog). */
  cite: z.object({ bibtex: z.string(), ris: z.string(), apa: z.string(), ieee: z.string() }),
  ...seoOutputFields,
  version: versionSchema,
  ...timestamps,
})
export type Publication = z.infer<typeof publicationSchema>

export const publicationSlugInput = z.object({
  slug: z.string().trim().min(1, 'The slug is required.').max(300, 'The slug is too long.'),
})
export const publicationRevisionInput = z.object({ id: idSchema, rev: idSchema })

/** A publication as an import proposes it, before it is saved. */
export const publicationDraftSchema = z.object({
  type: z.enum(publicationTypes),
  title: z.string(),
  authors: z.array(publicationAuthorSchema),
  venue: z.string().nullable(),
  year: z.number().nullable(),
  date: z.string().nullable(),
  volume: z.string().nullable(),
  issue: z.string().nullable(),
  pages: z.string().nullable(),
  doi: z.string().nullable(),
  arxiv_id: z.string().nullable(),
  url: z.string().nullable(),
  abstract: z.string(),
  tags: z.array(z.string()),
  citation_key: z.string().nullable(),
})
export type PublicationDraftEntry = z.infer<typeof publicationDraftSchema>

/** A BibTeX file's text, pasted or read from an upload (at most 1 MB, the JSON body's limit). */
export const bibtexInput = z.object({
  bibtex: requiredText('BibTeX', 900_000, { multiline: true }),
})

/** Each entry of a preview: what would be saved, and what it duplicates. */
export const importPreviewSchema = z.object({
  entries: z.array(
    z.object({
      publication: publicationDraftSchema,
      /** The existing publication it duplicates (same DOI, arXiv id, or title and year). */
      duplicate_of: z.object({ id: z.number(), title: z.string() }).nullable(),
      /** An earlier entry of the same file it duplicates (its index). */
      duplicate_in_file: z.number().nullable(),
    }),
  ),
  errors: z.array(z.object({ line: z.number(), key: z.string().nullable(), message: z.string() })),
})
export type ImportPreview = z.infer<typeof importPreviewSchema>

/** The entries the owner chose from a preview, saved as drafts (or published). */
export const importInput = z.object({
  publications: z
    .array(z.object(publicationFields), { error: 'Publications must be a list.' })
    .min(1, 'Choose at least one publication to import.')
    .max(1000, 'At most 1000 publications can be imported at once.'),
  status: z
    .enum(publicationStatuses, { error: 'Status must be "draft" or "published".' })
    .nullish()
    .transform((value) => value ?? 'draft'),
})

export const importResultSchema = z.object({
  created: z.array(z.object({ id: z.number(), slug: z.string(), title: z.string() })),
})

export const lookupInput = z.object({
  /** A DOI (`10.…`, `doi:`, a doi.org address) or an arXiv id (`2501.01234`, `arXiv:`, an arxiv.org address). */
  id: requiredText('Identifier', limits.url),
})

export const orcidInput = z.object({
  /**
   * An ORCID iD (`0000-0002-1825-0097` or its orcid.org address), its check character
   * verified; blank or left out: the profile's.
   */
  orcid: optionalText('ORCID iD', 100)
    .refine((value) => value === '' || normaliseOrcid(value) !== null, ORCID_FORMAT_ERROR)
    .optional(),
})

/** What an ORCID sync finds: works not yet here, and those already matched. */
export const orcidPreviewSchema = z.object({
  new: z.array(z.object({ put_code: z.number(), publication: publicationDraftSchema })),
  known: z.array(z.object({ put_code: z.number(), title: z.string(), publication_id: z.number() })),
})
export const orcidSyncResultSchema = z.object({
  created: z.array(z.object({ id: z.number(), slug: z.string(), title: z.string() })),
  known: z.number(),
})

export const citationRefreshSchema = z.object({
  updated: z.number(),
  unchanged: z.number(),
  failed: z.number(),
  missing: z.number(),
})
