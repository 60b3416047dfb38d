/**
 * A publication as the importers make it and the exporters read it: the fields the
 * publications content kind keeps, before it has an id. CSL-JSON (what citation-js speaks)
 * is the exchange format on both sides; this is the site's own, smaller shape.
 */
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
export type PublicationType = (typeof publicationTypes)[number]

export interface PublicationAuthor {
  given: string | null
  family: string | null
  /** An organisation, or a name that does not split. */
  literal: string | null
}

export interface PublicationDraft {
  type: PublicationType
  title: string
  authors: PublicationAuthor[]
  /** The journal, the proceedings, the publisher or the school. */
  venue: string | null
  year: number | null
  /** `YYYY-MM-DD` or `YYYY-MM`, when more than the year is known. */
  date: string | null
  volume: string | null
  issue: string | null
  pages: string | null
  /** Lower-case, without `https://doi.org/`. */
  doi: string | null
  /** `2501.01234` (new style) or `math/0211159` (old style), without a version. */
  arxiv_id: string | null
  url: string | null
  abstract: string | null
  tags: string[]
  /** The key it had in a BibTeX file, kept for the export. */
  citation_key: string | null
}
