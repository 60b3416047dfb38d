import { createFileRoute, Link } from '@tanstack/react-router'
import type { Note } from '../../../src/schemas/note'
import { TagFilterBanner } from '../../components/list-links'
import { NewsletterSignup } from '../../components/newsletter-signup'
import { TagList } from '../../components/tag-list'
import { noteDate } from '../../lib/notes'
import { textParams } from '../../lib/search-params'
import { absoluteUrl, fixedScreenText, ownerSummary, pageHead, SITE_NAME } from '../../lib/seo'

/** Notes on one page of the list (src/schemas/note.ts NOTES_PER_PAGE; no zod in the public bundle). */
const PER_PAGE = 20

export const Route = createFileRoute('/notes/')({
  // The loader travels with the page's code: the public entry stays small.
  codeSplitGroupings: [
    ['loader', 'component'],
    ['errorComponent', 'notFoundComponent'],
  ],
  // `?tag=Bun` filters; `?page=2` the next twenty. The page cache keeps one page per pair.
  validateSearch: textParams('tag', 'page'),
  // The page's head is made by the loader, so that its code travels with the page's chunk.
  loader: async ({ context: { api: loadApi, site } }) => {
    const api = await loadApi()
    const [profile, notes, seo] = await Promise.all([
      api.profile.get.query(),
      api.notes.list.query({}),
      api.settings.seo.query(),
    ])
    const owner = ownerSummary(profile)
    const { socialTitle, description } = fixedScreenText('notes', owner)
    const head = pageHead({
      siteUrl: site.url,
      path: '/notes',
      title: `Notes · ${SITE_NAME}`,
      socialTitle,
      description,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Blog',
        name: socialTitle,
        description,
        url: absoluteUrl(site.url, '/notes'),
      },
      seo: seo.notes,
    })
    return { head, notes }
  },
  head: ({ loaderData }) => loaderData?.head ?? {},
  component: NotesPage,
})

function NoteItem({ note, first }: { note: Note; first: boolean }) {
  return (
    <article className="relative flex flex-col gap-3 rounded-card border border-line bg-surface-raised p-5 shadow-card">
      {note.cover_url ? (
        <img
          src={note.cover_url}
          alt=""
          width={656}
          height={369}
          loading={first ? 'eager' : 'lazy'}
          className="aspect-video w-full rounded-control border border-line bg-surface-sunken object-cover"
        />
      ) : null}
      <div className="min-w-0 flex-1">
        <h2 className="text-xl font-bold tracking-tight text-strong">
          <Link
            to="/notes/$slug"
            params={{ slug: note.slug }}
            className="wrap-anywhere hover:underline after:absolute after:inset-0"
          >
            {note.title}
          </Link>
        </h2>
        <p className="mt-1 text-sm text-muted">
          <time dateTime={note.published_at ?? undefined}>{noteDate(note.published_at)}</time>
          {' · '}
          {note.reading_minutes} min read
        </p>
        <p className="mt-2 text-body">{note.summary}</p>
        <div className="mt-3">
          <TagList tags={note.tags} list="/notes" />
        </div>
      </div>
    </article>
  )
}

function NotesPage() {
  const { tag, page: pageParam } = Route.useSearch()
  const all = Route.useLoaderData().notes
  const wanted = tag?.toLowerCase()
  // The signed-in admin's list holds drafts: the public page shows what visitors see.
  const notes = all.filter(
    (note) =>
      note.state === 'published' && (!wanted || note.tags.some((t) => t.toLowerCase() === wanted)),
  )
  const pages = Math.max(1, Math.ceil(notes.length / PER_PAGE))
  const page = Math.min(Math.max(1, Number.parseInt(pageParam ?? '1', 10) || 1), pages)
  const shown = notes.slice((page - 1) * PER_PAGE, page * PER_PAGE)

  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight text-strong sm:text-4xl">Notes.</h1>
      <p className="mt-3 text-muted">
        Writing on what I build and learn. Follow by{' '}
        <a href="/feed.xml" className="font-semibold text-accent-ink hover:underline">
          Atom
        </a>
        ,{' '}
        <a href="/rss.xml" className="font-semibold text-accent-ink hover:underline">
          RSS
        </a>{' '}
        or{' '}
        <a href="/feed.json" className="font-semibold text-accent-ink hover:underline">
          JSON Feed
        </a>
        .
      </p>
      {tag ? (
        <TagFilterBanner tag={tag} to="/notes">
          Show all notes
        </TagFilterBanner>
      ) : null}
      {shown.length > 0 ? (
        <ul className="mt-10 space-y-6">
          {shown.map((note, index) => (
            <li key={note.id}>
              <NoteItem note={note} first={index === 0} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-10 text-muted">No notes yet.</p>
      )}
      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-10 flex items-center justify-between gap-4">
          {page > 1 ? (
            <Link
              to="/notes"
              search={{ ...(tag ? { tag } : {}), ...(page > 2 ? { page: String(page - 1) } : {}) }}
              className="font-semibold text-accent-ink hover:underline"
            >
              Newer notes
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-muted">
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Link
              to="/notes"
              search={{ ...(tag ? { tag } : {}), page: String(page + 1) }}
              className="font-semibold text-accent-ink hover:underline"
            >
              Older notes
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
      <NewsletterSignup id="notes-newsletter" />
    </div>
  )
}
