/**
 * The outside services a scholarly record is kept current from, each read through the
 * outbound fetcher (server/outbound/fetch.ts) with its base URL a setting, so tests point them
 * at local fakes:
 *
 * - a DOI's metadata: Crossref's CSL-JSON transform (`/works/{doi}/transform/…`), then, for
 *   the DOIs Crossref does not hold, DataCite's content negotiation (`/dois/{doi}`);
 * - an arXiv id's: the arXiv API's Atom feed (`/query?id_list=`);
 * - an ORCID iD's public works: `/v3.0/{orcid}/works`, and each work's details;
 * - a DOI's citation count: OpenAlex (`/works/doi:{doi}`), with `mailto` for its polite pool
 *   and its ETag for a conditional request.
 *
 * An answer that is missing is `null`; one that cannot be had (down, refused, over a limit,
 * not the expected shape) is a `SourceError` with a sentence for the owner.
 */
import { XMLParser } from 'fast-xml-parser'
import { normaliseOrcid } from '../../src/domain/orcid'
import { type OutboundOptions, outboundFetch } from '../outbound/fetch'
import { fromCsl, normaliseArxivId, normaliseDoi } from './csl'
import type { PublicationDraft, PublicationType } from './types'

export interface ScholarlySettings {
  crossrefUrl: string
  dataciteUrl: string
  arxivUrl: string
  orcidUrl: string
  openalexUrl: string
  /** Sent to OpenAlex and Crossref as the contact of their polite pools. */
  mailto?: string
  timeoutMs?: number
  /** Tests: the fakes listen on loopback. */
  allowLoopback?: boolean
}

export const defaultScholarlySettings: ScholarlySettings = {
  crossrefUrl: 'https://api.crossref.org',
  dataciteUrl: 'https://api.datacite.org',
  arxivUrl: 'https://export.arxiv.org/api',
  orcidUrl: 'https://pub.orcid.org',
  openalexUrl: 'https://api.openalex.org',
}

export class SourceError extends Error {
  override name = 'SourceError'
  constructor(
    message: string,
    /** When the service asked to be left alone (429 Retry-After), in ms. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message)
  }
}

function outbound(settings: ScholarlySettings, accept: string): OutboundOptions {
  return {
    timeoutMs: settings.timeoutMs ?? 10_000,
    maxBytes: 4 * 1024 * 1024,
    allowLoopback: settings.allowLoopback ?? false,
    headers: {
      accept,
      'user-agent': `portfolio (scholarly record${settings.mailto ? `; mailto:${settings.mailto}` : ''})`,
    },
  }
}

/** Retry-After as milliseconds: seconds, or an HTTP date. */
function retryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const date = Date.parse(value)
  return Number.isFinite(date) ? Math.max(0, date - now) : null
}

async function get(
  name: string,
  url: string,
  options: OutboundOptions,
): Promise<{ status: number; text: string; headers: Headers } | null> {
  let response: Awaited<ReturnType<typeof outboundFetch>>
  try {
    response = await outboundFetch(url, options)
  } catch (error) {
    throw new SourceError(
      `${name} could not be reached: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  if (response.status === 404) return null
  if (response.status === 429)
    throw new SourceError(
      `${name} asks to wait before the next request.`,
      retryAfter(response.headers.get('retry-after')) ?? 60_000,
    )
  if (response.status === 304) return { status: 304, text: '', headers: response.headers }
  if (response.status !== 200) throw new SourceError(`${name} answered ${response.status}.`)
  return { status: 200, text: response.text(), headers: response.headers }
}

function json(name: string, text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw new SourceError(`${name} answered something that is not JSON.`)
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A DOI's metadata from Crossref, else DataCite; null when neither knows it. */
export async function lookupDoi(
  doiInput: string,
  settings: ScholarlySettings,
): Promise<PublicationDraft | null> {
  const doi = normaliseDoi(doiInput)
  if (!doi)
    throw new SourceError(`“${doiInput}” is not a DOI (they look like 10.1145/3290605.3300233).`)
  const csl = 'application/vnd.citationstyles.csl+json'
  const path = encodeURIComponent(doi).replace(/%2F/gi, '/')
  const crossref = await get(
    'Crossref',
    `${settings.crossrefUrl}/works/${path}/transform/${csl}${settings.mailto ? `?mailto=${encodeURIComponent(settings.mailto)}` : ''}`,
    outbound(settings, csl),
  )
  const answer =
    crossref ??
    (await get('DataCite', `${settings.dataciteUrl}/dois/${path}`, outbound(settings, csl)))
  if (!answer) return null
  const data = json('The DOI service', answer.text)
  if (!isRecord(data) || typeof data.type !== 'string')
    throw new SourceError('The DOI service answered no CSL-JSON record.')
  const entry = fromCsl({ ...data, id: doi } as Parameters<typeof fromCsl>[0])
  entry.doi = doi
  // Crossref's CSL gives the abstract as JATS XML: keep its text.
  if (entry.abstract)
    entry.abstract = entry.abstract
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  return entry
}

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name) => ['entry', 'author', 'link', 'category'].includes(name),
})

const xmlText = (value: unknown): string | null => {
  if (typeof value === 'string') return value.replace(/\s+/g, ' ').trim() || null
  if (isRecord(value) && typeof value['#text'] === 'string') return xmlText(value['#text'])
  return null
}

/** An arXiv preprint's metadata; null when arXiv has no such id. */
export async function lookupArxiv(
  idInput: string,
  settings: ScholarlySettings,
): Promise<PublicationDraft | null> {
  const id = normaliseArxivId(idInput)
  if (!id) throw new SourceError(`“${idInput}” is not an arXiv id (they look like 2501.01234).`)
  const answer = await get(
    'arXiv',
    `${settings.arxivUrl}/query?id_list=${encodeURIComponent(id)}&max_results=1`,
    outbound(settings, 'application/atom+xml'),
  )
  if (!answer) return null
  let feed: unknown
  try {
    feed = xml.parse(answer.text)
  } catch {
    throw new SourceError('arXiv answered something that is not an Atom feed.')
  }
  const entries =
    isRecord(feed) && isRecord(feed.feed) && Array.isArray(feed.feed.entry) ? feed.feed.entry : []
  const entry = entries.find(
    (each: unknown) => isRecord(each) && normaliseArxivId(xmlText(each.id)) === id,
  )
  if (!isRecord(entry)) return null
  const published = xmlText(entry.published)
  const authors = (Array.isArray(entry.author) ? entry.author : []).flatMap((author: unknown) => {
    const name = isRecord(author) ? xmlText(author.name) : null
    if (!name) return []
    const parts = name.split(' ')
    const family = parts.pop() ?? name
    return [{ given: parts.join(' ') || null, family, literal: null }]
  })
  return {
    type: 'preprint',
    title: xmlText(entry.title) ?? 'Untitled',
    authors,
    venue: xmlText(entry['arxiv:journal_ref']) ?? 'arXiv',
    year: published ? Number(published.slice(0, 4)) : null,
    date: published ? published.slice(0, 10) : null,
    volume: null,
    issue: null,
    pages: null,
    doi: normaliseDoi(xmlText(entry['arxiv:doi'])),
    arxiv_id: id,
    url: `https://arxiv.org/abs/${id}`,
    abstract: xmlText(entry.summary),
    tags: [],
    citation_key: null,
  }
}

const orcidTypes: Record<string, PublicationType> = {
  'journal-article': 'journal-article',
  'conference-paper': 'conference-paper',
  preprint: 'preprint',
  'working-paper': 'preprint',
  'dissertation-thesis': 'thesis',
  book: 'book',
  'book-chapter': 'chapter',
  report: 'report',
  software: 'software',
  'data-set': 'dataset',
}

/** `{ value: x }` → x, as ORCID wraps its strings. */
const value = (wrapped: unknown): string | null =>
  isRecord(wrapped) && (typeof wrapped.value === 'string' || typeof wrapped.value === 'number')
    ? String(wrapped.value)
    : null

export interface OrcidWork {
  /** ORCID's own id of the work in this record: what a re-sync matches on, besides DOI and title. */
  put_code: number
  publication: PublicationDraft
}

function orcidWork(work: Record<string, unknown>): OrcidWork | null {
  const putCode = Number(work['put-code'])
  if (!Number.isFinite(putCode)) return null
  const title = isRecord(work.title) ? value(work.title.title) : null
  const ids =
    isRecord(work['external-ids']) && Array.isArray(work['external-ids']['external-id'])
      ? work['external-ids']['external-id']
      : []
  const external = (type: string) => {
    const found = ids.find((id: unknown) => isRecord(id) && id['external-id-type'] === type)
    return isRecord(found) && typeof found['external-id-value'] === 'string'
      ? found['external-id-value']
      : null
  }
  const date = isRecord(work['publication-date']) ? work['publication-date'] : {}
  const year = Number(value(date.year)) || null
  const month = value(date.month)
  const day = value(date.day)
  const contributors =
    isRecord(work.contributors) && Array.isArray(work.contributors.contributor)
      ? work.contributors.contributor
      : []
  const authors = contributors.flatMap((contributor: unknown) => {
    const name = isRecord(contributor) ? value(contributor['credit-name']) : null
    if (!name) return []
    const parts = name.trim().split(/\s+/)
    const family = parts.pop() ?? name
    return [{ given: parts.join(' ') || null, family, literal: null }]
  })
  return {
    put_code: putCode,
    publication: {
      type: orcidTypes[String(work.type)] ?? 'report',
      title: title ?? 'Untitled',
      authors,
      venue: value(work['journal-title']),
      year,
      date:
        year && month
          ? `${year}-${month.padStart(2, '0')}${day ? `-${day.padStart(2, '0')}` : ''}`
          : null,
      volume: null,
      issue: null,
      pages: null,
      doi: normaliseDoi(external('doi')),
      arxiv_id: normaliseArxivId(external('arxiv')),
      url: value(work.url),
      abstract: typeof work['short-description'] === 'string' ? work['short-description'] : null,
      tags: [],
      citation_key: null,
    },
  }
}

/** The public works of an ORCID record, each with its details (authors, abstract). */
export async function orcidWorks(
  orcidInput: string,
  settings: ScholarlySettings,
): Promise<OrcidWork[]> {
  const orcid = normaliseOrcid(orcidInput)
  if (!orcid)
    throw new SourceError(
      `“${orcidInput}” is not an ORCID iD (they look like 0000-0002-1825-0097).`,
    )
  const answer = await get(
    'ORCID',
    `${settings.orcidUrl}/v3.0/${orcid}/works`,
    outbound(settings, 'application/json'),
  )
  if (!answer) throw new SourceError(`ORCID has no public record ${orcid}.`)
  const data = json('ORCID', answer.text)
  const groups = isRecord(data) && Array.isArray(data.group) ? data.group : []
  const works: OrcidWork[] = []
  for (const group of groups) {
    // A group is one work as several sources hold it: the first summary stands for it.
    const summary =
      isRecord(group) && Array.isArray(group['work-summary']) ? group['work-summary'][0] : undefined
    if (!isRecord(summary)) continue
    const putCode = Number(summary['put-code'])
    const detail = await get(
      'ORCID',
      `${settings.orcidUrl}/v3.0/${orcid}/work/${putCode}`,
      outbound(settings, 'application/json'),
    )
    const full = detail ? json('ORCID', detail.text) : summary
    const work = orcidWork(isRecord(full) ? full : summary)
    if (work) works.push(work)
  }
  return works
}

export interface CitationCount {
  /** OpenAlex's id of the work (`W2741809807`). */
  openalex_id: string
  cited_by_count: number
  /** For the next conditional request. */
  etag: string | null
}

/**
 * A DOI's citation count from OpenAlex: the count, `'unchanged'` when the ETag still holds,
 * or null when OpenAlex does not know the DOI. A 429 is a SourceError with `retryAfterMs`.
 */
export async function citationCount(
  doiInput: string,
  settings: ScholarlySettings,
  etag: string | null = null,
): Promise<CitationCount | 'unchanged' | null> {
  const doi = normaliseDoi(doiInput)
  if (!doi) throw new SourceError(`“${doiInput}” is not a DOI.`)
  const options = outbound(settings, 'application/json')
  if (etag) options.headers = { ...options.headers, 'if-none-match': etag }
  const query = settings.mailto ? `?mailto=${encodeURIComponent(settings.mailto)}` : ''
  const answer = await get(
    'OpenAlex',
    `${settings.openalexUrl}/works/doi:${encodeURIComponent(doi).replace(/%2F/gi, '/')}${query}`,
    options,
  )
  if (!answer) return null
  if (answer.status === 304) return 'unchanged'
  const data = json('OpenAlex', answer.text)
  if (!isRecord(data) || typeof data.cited_by_count !== 'number' || typeof data.id !== 'string')
    throw new SourceError('OpenAlex answered no work with a citation count.')
  return {
    openalex_id: data.id.replace(/^https:\/\/openalex\.org\//, ''),
    cited_by_count: data.cited_by_count,
    etag: answer.headers.get('etag'),
  }
}
