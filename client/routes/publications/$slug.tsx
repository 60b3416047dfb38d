import { createFileRoute, redirect } from '@tanstack/react-router'
import { orcidAddress } from '../../../src/domain/orcid'
import type { Publication } from '../../../src/schemas/publication'
import { publicationTypeLabels } from '../../../src/schemas/publication'
import { CiteBox } from '../../components/cite-box'
import { DraftOrNotFound } from '../../components/draft-or-not-found'
import { Island } from '../../components/island'
import {
  AuthorList,
  authorName,
  CitationCount,
  PublicationLinks,
  venueLine,
} from '../../components/publication-entry'
import { notFoundOrRethrow } from '../../lib/not-found'
import { absoluteUrl, imageObject, ogCard, pageHead } from '../../lib/seo'

/**
 * The Google Scholar (Highwire Press) tags, which are what Scholar indexes:
 * one `citation_author` per author in order, the date as `YYYY/MM/DD` (or the
 * year), the journal's or the conference's title by the type; the owner's
 * ORCID iD, when the profile has one, right after the owner's name.
 */
export function scholarMeta(publication: Publication, siteUrl: string, orcid = '') {
  const meta: { name: string; content: string }[] = [
    { name: 'citation_title', content: publication.title },
    ...publication.authors.flatMap((author) => [
      {
        name: 'citation_author',
        content: author.literal ?? [author.family, author.given].filter(Boolean).join(', '),
      },
      ...(author.is_owner && orcid
        ? [{ name: 'citation_author_orcid', content: orcidAddress(orcid) }]
        : []),
    ]),
  ]
  const date = publication.date ? publication.date.replaceAll('-', '/') : publication.year
  if (date) meta.push({ name: 'citation_publication_date', content: String(date) })
  if (publication.venue) {
    const name =
      publication.type === 'journal-article'
        ? 'citation_journal_title'
        : publication.type === 'conference-paper'
          ? 'citation_conference_title'
          : publication.type === 'thesis'
            ? 'citation_dissertation_institution'
            : publication.type === 'report'
              ? 'citation_technical_report_institution'
              : publication.type === 'chapter' || publication.type === 'book'
                ? 'citation_publisher'
                : null
    if (name) meta.push({ name, content: publication.venue })
  }
  if (publication.volume) meta.push({ name: 'citation_volume', content: publication.volume })
  if (publication.issue) meta.push({ name: 'citation_issue', content: publication.issue })
  const [first, last] = (publication.pages ?? '').split(/[–-]/)
  if (first) meta.push({ name: 'citation_firstpage', content: first.trim() })
  if (last) meta.push({ name: 'citation_lastpage', content: last.trim() })
  if (publication.doi) meta.push({ name: 'citation_doi', content: publication.doi })
  if (publication.arxiv_id) meta.push({ name: 'citation_arxiv_id', content: publication.arxiv_id })
  if (publication.pdf_url)
    meta.push({ name: 'citation_pdf_url', content: absoluteUrl(siteUrl, publication.pdf_url) })
  for (const tag of publication.tags) meta.push({ name: 'citation_keywords', content: tag })
  return meta
}

export const Route = createFileRoute('/publications/$slug')({
  codeSplitGroupings: [
    ['loader', 'component'],
    ['errorComponent', 'notFoundComponent'],
  ],
  loader: async ({ context, params }) => {
    const api = await context.api()
    try {
      const [publication, profile] = await Promise.all([
        api.publications.bySlug.query({ slug: params.slug }),
        api.profile.get.query(),
      ])
      // A former slug still resolves: move to the current address for good.
      if (publication.slug !== params.slug) {
        throw redirect({
          to: '/publications/$slug',
          params: { slug: publication.slug },
          replace: true,
          statusCode: 301,
        })
      }
      const siteUrl = context.site.url
      const path = `/publications/${encodeURIComponent(publication.slug)}`
      const authors = publication.authors.map(authorName)
      const card = ogCard({ page: 'publication', slug: publication.slug }, publication.title, [
        publication.title,
        authors.join(', '),
        publication.venue,
        String(publication.year ?? ''),
        publication.tags.join('\n'),
        profile.name,
      ])
      const abstractText = publication.abstract.replace(/[#*_`>[\]]/g, '').trim()
      const description =
        abstractText ||
        `${publicationTypeLabels[publication.type]} by ${authors.join(', ')}${publication.venue ? `, ${publication.venue}` : ''}${publication.year ? ` (${publication.year})` : ''}.`
      const head = pageHead({
        siteUrl,
        path,
        title: `${publication.title} · Publications`,
        socialTitle: publication.title,
        description,
        image: card,
        type: 'article',
        jsonLd: {
          '@context': 'https://schema.org',
          '@type': 'ScholarlyArticle',
          headline: publication.title,
          name: publication.title,
          url: absoluteUrl(siteUrl, path),
          mainEntityOfPage: absoluteUrl(siteUrl, path),
          image: [imageObject(siteUrl, card)],
          author: publication.authors.map((author) => ({
            '@type': author.literal ? 'Organization' : 'Person',
            name: authorName(author),
            ...(author.is_owner ? { url: `${siteUrl}/` } : {}),
            ...(author.is_owner && profile.orcid ? { sameAs: orcidAddress(profile.orcid) } : {}),
          })),
          ...(publication.date || publication.year
            ? { datePublished: publication.date ?? String(publication.year) }
            : {}),
          ...(publication.venue
            ? { isPartOf: { '@type': 'PublicationIssue', name: publication.venue } }
            : {}),
          ...(abstractText ? { abstract: abstractText } : {}),
          ...(publication.doi
            ? {
                sameAs: `https://doi.org/${publication.doi}`,
                identifier: {
                  '@type': 'PropertyValue',
                  propertyID: 'DOI',
                  value: publication.doi,
                },
              }
            : {}),
          ...(publication.pages ? { pagination: publication.pages } : {}),
          ...(publication.tags.length > 0 ? { keywords: publication.tags.join(', ') } : {}),
          ...(publication.citations
            ? {
                interactionStatistic: {
                  '@type': 'InteractionCounter',
                  interactionType: 'https://schema.org/CiteAction',
                  userInteractionCount: publication.citations.cited_by_count,
                },
              }
            : {}),
        },
        seo: publication,
      })
      // The Scholar tags repeat a name (one citation_author per author), which the router's
      // head would fold into one: the page renders them, and React puts them in the <head>.
      return { head, publication, scholar: scholarMeta(publication, siteUrl, profile.orcid) }
    } catch (error) {
      notFoundOrRethrow(error)
    }
  },
  head: ({ loaderData }) => loaderData?.head ?? {},
  component: PublicationPage,
  notFoundComponent: DraftOrNotFound,
})

function PublicationPage() {
  const { publication, scholar } = Route.useLoaderData()
  return (
    <article className="break-words">
      {scholar.map((tag, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the tags' order is the authors' order
        <meta key={index} name={tag.name} content={tag.content} />
      ))}
      <a
        href="/publications"
        className="inline-flex items-center gap-1.5 rounded text-sm font-semibold text-muted hover:text-accent-ink"
      >
        ← All publications
      </a>
      {publication.status === 'published' ? null : (
        <p className="mt-4 rounded-control bg-warning-soft px-4 py-3 text-sm text-warning-ink ring-1 ring-warning-line">
          <strong>Draft — not public.</strong> Only you see this page, while signed in.
        </p>
      )}
      <p className="mt-4 text-sm font-semibold tracking-wide text-muted uppercase">
        {publicationTypeLabels[publication.type]}
      </p>
      <h1
        id="page-title"
        className="mt-1 text-3xl font-bold tracking-tight text-balance text-strong sm:text-4xl"
      >
        {publication.title}
      </h1>
      <p className="mt-3 text-lg text-body">
        <AuthorList authors={publication.authors} />
      </p>
      <p className="mt-1 text-muted">
        <cite>{venueLine(publication)}</cite>
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
        <CitationCount citations={publication.citations} />
        <PublicationLinks publication={publication} />
      </div>
      <Island
        name="cite"
        component={CiteBox}
        props={{ id: 'cite', title: publication.title, cite: publication.cite }}
      />
      {publication.abstract_html ? (
        <section aria-labelledby="abstract" className="mt-8">
          <h2 id="abstract" className="text-xl font-bold text-strong">
            Abstract
          </h2>
          <div
            className="prose-md mt-3 leading-relaxed text-body"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: HTML rendered from Markdown and sanitised on the server (server/markdown/render.ts), never the raw input
            dangerouslySetInnerHTML={{ __html: publication.abstract_html }}
          />
        </section>
      ) : null}
    </article>
  )
}
