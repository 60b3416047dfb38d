import { Link } from '@tanstack/react-router'
import { Fragment } from 'react'
import { safeUrlOrNull } from '../../src/domain/safe-url'
import type { Publication } from '../../src/schemas/publication'
import { CiteBox } from './cite-box'
import { Island } from './island'

/** An author's name as a list shows it: "Ada Lovelace", or the literal name. */
export const authorName = (author: Publication['authors'][number]) =>
  author.literal ?? [author.given, author.family].filter(Boolean).join(' ')

/** The authors in order, the owner's own name emphasised. */
export function AuthorList({ authors }: { authors: Publication['authors'] }) {
  return (
    <>
      {authors.map((author, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: authors keep their order; two may share a name
        <Fragment key={index}>
          {index > 0 ? (index === authors.length - 1 ? ' and ' : ', ') : null}
          {author.is_owner ? (
            <strong className="font-semibold text-strong">{authorName(author)}</strong>
          ) : (
            authorName(author)
          )}
        </Fragment>
      ))}
    </>
  )
}

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})

/** "Cited by 42 · OpenAlex, 30 Nov 2026": the stored count with the day it was fetched. */
export function CitationCount({ citations }: { citations: Publication['citations'] }) {
  if (!citations) return null
  const fetched = new Date(citations.fetched_at)
  return (
    <span className="text-sm text-muted" data-citations="">
      Cited by {citations.cited_by_count}
      <span className="text-muted"> · </span>
      <span>
        OpenAlex, <time dateTime={citations.fetched_at}>{dateFormat.format(fetched)}</time>
      </span>
    </span>
  )
}

/** Where it appeared: "Venue, vol. 12, no. 3, pp. 1–10, 2026". */
export function venueLine(publication: Publication): string {
  return [
    publication.venue,
    publication.volume ? `vol. ${publication.volume}` : null,
    publication.issue ? `no. ${publication.issue}` : null,
    publication.pages ? `pp. ${publication.pages}` : null,
    publication.year,
  ]
    .filter(Boolean)
    .join(', ')
}

/** PDF, DOI, arXiv, code, slides: the links a publication has. */
export function PublicationLinks({ publication }: { publication: Publication }) {
  const links = [
    { label: 'PDF', href: safeUrlOrNull(publication.pdf_url) },
    { label: 'DOI', href: publication.doi ? `https://doi.org/${publication.doi}` : null },
    {
      label: 'arXiv',
      href: publication.arxiv_id ? `https://arxiv.org/abs/${publication.arxiv_id}` : null,
    },
    { label: 'Code', href: safeUrlOrNull(publication.code_url) },
    { label: 'Slides', href: safeUrlOrNull(publication.slides_url) },
  ].filter((link): link is { label: string; href: string } => Boolean(link.href))
  if (links.length === 0) return null
  return (
    <ul aria-label="Links" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {links.map((link) => (
        <li key={link.label}>
          <a
            href={link.href}
            className="font-semibold text-accent-ink hover:underline"
            {...(/^https?:/i.test(link.href) ? { rel: 'noopener noreferrer' } : {})}
          >
            {link.label}
            <span className="sr-only"> of “{publication.title}”</span>
          </a>
        </li>
      ))}
    </ul>
  )
}

/** One publication in a list: title (its page), authors, venue, count, links and Cite. */
export function PublicationEntry({
  publication,
  headingLevel = 3,
}: {
  publication: Publication
  headingLevel?: 2 | 3
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <article className="break-words" data-publication={publication.slug}>
      <Heading className="text-lg font-semibold text-strong">
        <Link
          to="/publications/$slug"
          params={{ slug: publication.slug }}
          className="hover:text-accent-ink hover:underline"
        >
          {publication.title}
        </Link>
      </Heading>
      <p className="mt-1 text-body">
        <AuthorList authors={publication.authors} />
      </p>
      <p className="mt-0.5 text-sm text-muted">
        <cite>{venueLine(publication)}</cite>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1">
        <CitationCount citations={publication.citations} />
        <PublicationLinks publication={publication} />
      </div>
      <Island
        name="cite"
        component={CiteBox}
        props={{ id: `cite-${publication.id}`, title: publication.title, cite: publication.cite }}
      />
    </article>
  )
}
