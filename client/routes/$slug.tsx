import { createFileRoute, redirect } from '@tanstack/react-router'
import { safeUrlOrNull } from '../../src/domain/safe-url'
import { DraftOrNotFound } from '../components/draft-or-not-found'
import { notFoundOrRethrow } from '../lib/not-found'
import { absoluteUrl, pageHead, SITE_NAME } from '../lib/seo'

/*
 * One of the owner's own pages (Now, Uses, Reading, Colophon) at `/{slug}`.
 * Every fixed route wins over this one (the router ranks literal paths
 * first, and the server refuses an address the site owns:
 * src/domain/reserved-paths.ts); an unknown address is the 404 page.
 */
export const Route = createFileRoute('/$slug')({
  // The loader travels with the page's code: the public entry stays small.
  codeSplitGroupings: [
    ['loader', 'component'],
    ['errorComponent', 'notFoundComponent'],
  ],
  loader: async ({ context, params }) => {
    const api = await context.api()
    try {
      const page = await api.pages.bySlug.query({ slug: params.slug })
      // A former address still resolves: move to the current one for good.
      if (page.slug !== params.slug) {
        throw redirect({
          to: '/$slug',
          params: { slug: page.slug },
          replace: true,
          statusCode: 301,
        })
      }
      const siteUrl = context.site.url
      const path = `/${encodeURIComponent(page.slug)}`
      const head = pageHead({
        siteUrl,
        path,
        title: `${page.title} · ${SITE_NAME}`,
        socialTitle: page.title,
        description: page.description || page.title,
        jsonLd: {
          '@context': 'https://schema.org',
          '@type': 'WebPage',
          name: page.title,
          url: absoluteUrl(siteUrl, path),
          dateModified: page.updated_at,
        },
        seo: page,
      })
      return { head, page }
    } catch (error) {
      notFoundOrRethrow(error)
    }
  },
  // Not found: the root's 404 title applies.
  head: ({ loaderData }) => loaderData?.head ?? {},
  component: OwnerPage,
  notFoundComponent: DraftOrNotFound,
})

function OwnerPage() {
  const { page } = Route.useLoaderData()
  return (
    <article className="max-w-2xl break-words">
      {page.status === 'published' ? null : (
        <p className="mb-3 rounded-control bg-warning-soft px-4 py-3 text-sm text-warning-ink ring-1 ring-warning-line">
          <strong>Draft — not public.</strong> Only you see this page, while signed in.
        </p>
      )}
      <h1
        id="page-title"
        className="text-3xl font-bold tracking-tight text-balance text-strong sm:text-4xl"
      >
        {page.title}
      </h1>
      {page.body_html ? (
        <div
          className="prose-md mt-6 leading-relaxed text-body"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: HTML rendered from Markdown and sanitised on the server (server/markdown/render.ts), never the raw input
          dangerouslySetInnerHTML={{ __html: page.body_html }}
        />
      ) : null}
      {page.layout === 'list' && page.items.length > 0 ? (
        <ul id="page-items" className="mt-8 divide-y divide-line border-t border-b border-line">
          {page.items.map((item, index) => {
            const href = safeUrlOrNull(item.url)
            const external = href !== null && /^https?:/i.test(href)
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the owner's list, in its stored order
              <li key={index} className="py-3">
                {href ? (
                  <a
                    href={href}
                    className="font-semibold text-accent-ink underline-offset-2 hover:underline"
                    {...(external ? { rel: 'noopener noreferrer' } : {})}
                  >
                    {item.title}
                  </a>
                ) : (
                  <span className="font-semibold text-strong">{item.title}</span>
                )}
                {item.note ? <p className="mt-1 text-sm text-muted">{item.note}</p> : null}
              </li>
            )
          })}
        </ul>
      ) : null}
    </article>
  )
}
