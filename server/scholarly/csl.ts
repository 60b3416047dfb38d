/**
 * CSL-JSON ↔ the site's publication shape. citation-js reads BibTeX and RIS into CSL-JSON and
 * writes them from it; Crossref and DataCite answer CSL-JSON by content negotiation.
 */
import type { CSL, CSLName } from '@citation-js/core'
import type { PublicationAuthor, PublicationDraft, PublicationType } from './types'

/** The site's publication types as CSL names them. */
const toCslType: Record<PublicationType, CSL['type']> = {
  'journal-article': 'article-journal',
  'conference-paper': 'paper-conference',
  preprint: 'article',
  thesis: 'thesis',
  book: 'book',
  chapter: 'chapter',
  report: 'report',
  software: 'software',
  dataset: 'dataset',
}

/** And back: the same pairs, read the other way. */
const fromCslType = Object.fromEntries(
  Object.entries(toCslType).map(([type, csl]) => [csl, type]),
) as Partial<Record<CSL['type'], PublicationType>>

const text = (value: unknown): string | null => {
  if (typeof value === 'number') return String(value)
  if (typeof value !== 'string') return null
  const trimmed = value.replace(/\s+/g, ' ').trim()
  return trimmed === '' ? null : trimmed
}

/** `10.1145/ABC` from `https://doi.org/10.1145/abc`, `doi:10.1145/abc` or the DOI itself. */
export function normaliseDoi(value: unknown): string | null {
  const raw = text(value)
  if (!raw) return null
  const doi = raw.replace(/^(https?:\/\/(dx\.)?doi\.org\/|doi:)/i, '').trim()
  return /^10\.\d{4,9}\/\S+$/.test(doi) ? doi.toLowerCase() : null
}

/** `2501.01234` or `math/0211159` from an arXiv id, URL or `arXiv:` form, without a version. */
export function normaliseArxivId(value: unknown): string | null {
  const raw = text(value)
  if (!raw) return null
  const id = raw
    .replace(/^(https?:\/\/arxiv\.org\/(abs|pdf)\/|arxiv:)/i, '')
    .replace(/\.pdf$/i, '')
    .replace(/v\d+$/, '')
  return /^(\d{4}\.\d{4,5}|[a-z-]+(\.[A-Z]{2})?\/\d{7})$/.test(id) ? id : null
}

function author(name: CSLName): PublicationAuthor {
  const family = [name['non-dropping-particle'], name.family].filter(Boolean).join(' ')
  return {
    given: text(name.given),
    family: text(family),
    literal: text(name.literal),
  }
}

function dateOf(csl: CSL): { year: number | null; date: string | null } {
  const parts = (csl.issued?.['date-parts']?.[0] ?? []) as (string | number)[]
  const [year, month, day] = parts.map((part) => Number(part))
  if (!year || !Number.isFinite(year)) return { year: null, date: null }
  const pad = (n: number) => String(n).padStart(2, '0')
  const date = month ? (day ? `${year}-${pad(month)}-${pad(day)}` : `${year}-${pad(month)}`) : null
  return { year, date }
}

/** The site's shape of one CSL-JSON item; `type` falls back to a report for types it has not. */
export function fromCsl(csl: CSL): PublicationDraft {
  const { year, date } = dateOf(csl)
  const doi = normaliseDoi(csl.DOI)
  const url = text(csl.URL)
  const arxiv =
    normaliseArxivId(url) ??
    (/arxiv/i.test(String(csl.publisher ?? csl['container-title'] ?? ''))
      ? normaliseArxivId(csl.number)
      : null)
  const type: PublicationType =
    fromCslType[csl.type] ??
    (arxiv || /arxiv/i.test(String(csl.publisher ?? '')) ? 'preprint' : 'report')
  return {
    type,
    title: text(csl.title) ?? 'Untitled',
    authors: (csl.author ?? []).map(author),
    venue: text(csl['container-title']) ?? text(csl.publisher),
    year,
    date,
    volume: text(csl.volume),
    issue: text(csl.issue),
    pages: text(csl.page)?.replace(/--?/g, '–') ?? null,
    doi,
    arxiv_id: arxiv,
    url: url && doi && url.toLowerCase().includes(doi) ? null : url,
    abstract: text(csl.abstract),
    tags: (text(csl.keyword) ?? '')
      .split(/[,;]/)
      .map((tag) => tag.trim())
      .filter(Boolean),
    citation_key: text(csl['citation-key']) ?? (typeof csl.id === 'string' ? text(csl.id) : null),
  }
}

/** A citation key for an export: the kept one, else the first author's family name and the year. */
export function citationKey(publication: PublicationDraft, index: number): string {
  if (publication.citation_key) return publication.citation_key
  const first = publication.authors[0]
  const name = (first?.family ?? first?.literal ?? 'anon')
    .normalize('NFKD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase()
  return `${name || 'anon'}${publication.year ?? ''}${index > 0 ? String.fromCharCode(96 + (index % 26)) : ''}`
}

/** Types whose venue is who published them (BibTeX's publisher, school or institution). */
const publishedBy = new Set<PublicationType>([
  'book',
  'report',
  'thesis',
  'preprint',
  'software',
  'dataset',
])

/** One publication as CSL-JSON, for citation-js's BibTeX, RIS and reference output. */
export function toCsl(publication: PublicationDraft, index = 0): CSL {
  const key = citationKey(publication, index)
  const dateParts: (string | number)[] = publication.date
    ? publication.date.split('-').map(Number)
    : publication.year
      ? [publication.year]
      : []
  const csl: CSL = {
    id: key,
    'citation-key': key,
    type: toCslType[publication.type],
    title: publication.title,
    author: publication.authors.map((name) =>
      name.literal
        ? { literal: name.literal }
        : { given: name.given ?? undefined, family: name.family ?? undefined },
    ),
  }
  if (dateParts.length > 0)
    csl.issued = {
      'date-parts': [dateParts as [number] | [number, number] | [number, number, number]],
    }
  if (publication.venue) {
    if (publishedBy.has(publication.type)) csl.publisher = publication.venue
    else csl['container-title'] = publication.venue
  }
  // BibTeX's @phdthesis (the thesis kind most publication lists hold).
  if (publication.type === 'thesis') csl.genre = 'PhD thesis'
  if (publication.volume) csl.volume = publication.volume
  if (publication.issue) csl.issue = publication.issue
  if (publication.pages) csl.page = publication.pages.replace(/–/g, '-')
  if (publication.doi) csl.DOI = publication.doi
  const url =
    publication.url ??
    (publication.arxiv_id ? `https://arxiv.org/abs/${publication.arxiv_id}` : null)
  if (url) csl.URL = url
  if (publication.abstract) csl.abstract = publication.abstract
  if (publication.tags.length > 0) csl.keyword = publication.tags.join(', ')
  return csl
}
