import { createFileRoute, Link, redirect } from '@tanstack/react-router'
import { safeUrlOrNull } from '../../../src/domain/safe-url'
import { ConversationsSection } from '../../components/conversations'
import { DraftOrNotFound } from '../../components/draft-or-not-found'
import { ArrowLeftIcon, ArrowRightIcon } from '../../components/icons'
import { BackLink } from '../../components/list-links'
import { NewsletterSignup } from '../../components/newsletter-signup'
import { TagList } from '../../components/tag-list'
import { notFoundOrRethrow } from '../../lib/not-found'
import { noteDate } from '../../lib/notes'
import { absoluteUrl, imageObject, ogCard, pageHead } from '../../lib/seo'

export const Route = createFileRoute('/notes/$slug')({
  // Moved to the Trash: the same not-found page, answered 410 Gone (server/http/pages/ssr.ts).
  staticData: { trashKind: 'note' },
  // The loader travels with the page's code: the public entry stays small.
  codeSplitGroupings: [
    ['loader', 'component'],
    ['errorComponent', 'notFoundComponent'],
  ],
  loader: async ({ context, params }) => {
    const api = await context.api()
    try {
      const [note, profile, around] = await Promise.all([
        api.notes.bySlug.query({ slug: params.slug }),
        api.profile.get.query(),
        api.notes.neighbours.query({ slug: params.slug }),
      ])
      // The approved responses (none for a draft's preview: nobody could have answered it).
      const conversations =
        note.state === 'published'
          ? await api.conversations.forTarget.query({ type: 'note', id: note.id })
          : { replies: [], likes: [], reposts: [] }
      // A former slug (the title changed) still resolves: move to the current address for good.
      if (note.slug !== params.slug) {
        throw redirect({
          to: '/notes/$slug',
          params: { slug: note.slug },
          replace: true,
          statusCode: 301,
        })
      }
      // The page's head, made here so that its code travels with the page's chunk.
      const siteUrl = context.site.url
      const path = `/notes/${encodeURIComponent(note.slug)}`
      const card = ogCard({ page: 'note', slug: note.slug }, note.title, [
        note.title,
        note.summary,
        note.tags.join('\n'),
        note.cover_url,
        profile.name,
      ])
      const head = pageHead({
        siteUrl,
        path,
        title: `${note.title} · Notes`,
        socialTitle: note.title,
        description: note.summary,
        image: card,
        type: 'article',
        jsonLd: {
          '@context': 'https://schema.org',
          '@type': 'BlogPosting',
          headline: note.title,
          description: note.summary,
          url: absoluteUrl(siteUrl, path),
          mainEntityOfPage: absoluteUrl(siteUrl, path),
          image: [
            imageObject(siteUrl, card),
            ...(note.cover_url ? [absoluteUrl(siteUrl, note.cover_url)] : []),
          ],
          ...(note.tags.length > 0 ? { keywords: note.tags.join(', ') } : {}),
          ...(note.published_at ? { datePublished: note.published_at } : {}),
          dateModified: note.updated_at,
          author: { '@type': 'Person', name: profile.name, url: `${siteUrl}/` },
        },
        seo: note,
      })
      return { head, note, around, conversations, ownerName: profile.name, path }
    } catch (error) {
      notFoundOrRethrow(error)
    }
  },
  // Not found: the root's 404 title applies.
  head: ({ loaderData }) => loaderData?.head ?? {},
  component: NotePage,
  notFoundComponent: DraftOrNotFound,
})

function NotePage() {
  const { note, around, conversations, ownerName, path } = Route.useLoaderData()
  const cover = safeUrlOrNull(note.cover_url)

  return (
    <article className="h-entry break-words">
      <BackLink to="/notes">All notes</BackLink>
      {note.state === 'published' ? null : (
        <p className="mt-4 rounded-control bg-warning-soft px-4 py-3 text-sm text-warning-ink ring-1 ring-warning-line">
          <strong>{note.state === 'draft' ? 'Draft' : 'Scheduled'} — not public.</strong> Only you
          see this page, while signed in.
        </p>
      )}
      <h1
        id="note-title"
        className="p-name mt-4 text-3xl font-bold tracking-tight text-balance text-strong sm:text-4xl"
      >
        {note.title}
      </h1>
      <p className="p-summary sr-only">{note.summary}</p>
      <p className="mt-3 text-sm text-muted">
        {ownerName ? (
          <>
            By{' '}
            <a href="/" className="p-author h-card hover:underline">
              {ownerName}
            </a>
            {' · '}
          </>
        ) : null}
        <a href={path} className="u-url hover:underline">
          <time className="dt-published" dateTime={note.published_at ?? undefined}>
            {noteDate(note.published_at)}
          </time>
        </a>
        {note.published_at ? ' · ' : ''}
        {note.reading_minutes} min read
      </p>
      <div className="mt-4">
        <TagList tags={note.tags} list="/notes" size="md" />
      </div>
      {cover ? (
        <img
          src={cover}
          alt=""
          width={704}
          height={396}
          className="mt-8 aspect-video w-full rounded-card border border-line bg-surface-sunken object-cover shadow-card"
        />
      ) : null}
      <div
        className="e-content prose-md mt-8 leading-relaxed text-body"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: HTML rendered from Markdown and sanitised on the server (server/markdown/render.ts), never the raw input
        dangerouslySetInnerHTML={{ __html: note.body_html }}
      />
      <ConversationsSection
        conversations={conversations}
        discussionUrl={note.state === 'published' ? note.discussion_url : null}
        pagePath={path}
      />
      {around.previous || around.next ? (
        <nav
          id="note-nav"
          aria-label="More notes"
          className="mt-12 flex flex-wrap justify-between gap-4 border-t border-line pt-6"
        >
          {around.previous ? (
            <Link
              to="/notes/$slug"
              params={{ slug: around.previous.slug }}
              className="inline-flex max-w-full items-center gap-1.5 font-semibold text-accent-ink hover:underline"
            >
              <ArrowLeftIcon width={16} height={16} className="shrink-0" />
              <span className="truncate">Previous: {around.previous.title}</span>
            </Link>
          ) : (
            <span />
          )}
          {around.next ? (
            <Link
              to="/notes/$slug"
              params={{ slug: around.next.slug }}
              className="inline-flex max-w-full items-center gap-1.5 font-semibold text-accent-ink hover:underline"
            >
              <span className="truncate">Next: {around.next.title}</span>
              <ArrowRightIcon width={16} height={16} className="shrink-0" />
            </Link>
          ) : null}
        </nav>
      ) : null}
      {note.state === 'published' ? <NewsletterSignup id="note-newsletter" /> : null}
    </article>
  )
}
