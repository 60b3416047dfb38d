import type { Publication, PublicationInput } from '../../../../src/schemas/publication'

/** A stored publication as a save's input (what a read answers, less what the server makes). */
export function inputOf(publication: Publication, changes: Partial<PublicationInput> = {}) {
  return {
    type: publication.type,
    title: publication.title,
    slug: publication.slug,
    authors: publication.authors,
    venue: publication.venue,
    year: publication.year,
    date: publication.date,
    volume: publication.volume,
    issue: publication.issue,
    pages: publication.pages,
    doi: publication.doi,
    arxiv_id: publication.arxiv_id,
    url: publication.url,
    pdf_url: publication.pdf_url,
    code_url: publication.code_url,
    slides_url: publication.slides_url,
    abstract: publication.abstract,
    tags: publication.tags,
    citation_key: publication.citation_key,
    selected: publication.selected,
    status: publication.status,
    seo_description: publication.seo_description,
    share_image: publication.share_image,
    canonical_url: publication.canonical_url,
    noindex: publication.noindex,
    ...changes,
  } satisfies PublicationInput
}

/** "Ada Lovelace, Charles Babbage": the authors as a line. */
export const authorLine = (
  authors: readonly { given: string | null; family: string | null; literal: string | null }[],
) => authors.map((a) => a.literal ?? [a.given, a.family].filter(Boolean).join(' ')).join(', ')
