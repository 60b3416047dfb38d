import type { ApiOutputs } from '../lib/api'

type Conversations = ApiOutputs['conversations']['forTarget']
export type ConversationsData = Conversations
type Response = Conversations['replies'][number]

/** Where a response was written, as the page marks it. */
const networkNames: Record<Response['network'], string> = {
  webmention: 'the web',
  mastodon: 'Mastodon',
  bluesky: 'Bluesky',
  activitypub: 'the fediverse',
}

const kindVerbs: Record<Response['kind'], string> = {
  reply: 'replied',
  like: 'liked this',
  repost: 'reposted this',
  bookmark: 'bookmarked this',
  mention: 'mentioned this',
}

/** An http(s) address as given, or null (every stored one is; the page checks again). */
function httpOrNull(url: string | null): string | null {
  return url && /^https?:\/\//i.test(url) ? url : null
}

/** A stored photo of this site (`/media/…`), or null: never another host's. */
function photoOrNull(url: string | null): string | null {
  return url?.startsWith('/media/') ? url : null
}

const shortDate = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      })
    : null

/** Initials in a circle, where an author has no photo. */
function Face({ response, size }: { response: Response; size: number }) {
  const photo = photoOrNull(response.author_photo)
  const name = response.author_name ?? 'Someone'
  if (photo) {
    return (
      <img
        src={photo}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        className="u-photo shrink-0 rounded-full bg-surface-sunken object-cover ring-2 ring-surface-raised"
        style={{ width: size, height: size }}
      />
    )
  }
  return (
    <span
      aria-hidden="true"
      className="grid shrink-0 place-items-center rounded-full bg-accent-soft text-xs font-semibold text-accent-ink ring-2 ring-surface-raised"
      style={{ width: size, height: size }}
    >
      {Array.from(name.trim())[0]?.toUpperCase() ?? '?'}
    </span>
  )
}

/** Likes or reposts: a row of faces, each linking to its author, with a count. */
function Faces({ title, responses }: { title: string; responses: Response[] }) {
  if (responses.length === 0) return null
  return (
    <div>
      <h3 className="text-sm font-semibold text-strong">{`${responses.length} ${title}`}</h3>
      <ul className="mt-2 flex flex-wrap gap-1.5">
        {responses.map((response) => {
          const href = httpOrNull(response.author_url) ?? httpOrNull(response.url)
          const name = response.author_name ?? 'Someone'
          const label = `${name} (${networkNames[response.network]})`
          return (
            <li key={response.id} className="h-cite p-like">
              {href ? (
                <a
                  href={href}
                  rel="nofollow ugc noopener noreferrer"
                  title={label}
                  aria-label={label}
                  className="p-author h-card block rounded-full"
                >
                  <Face response={response} size={40} />
                </a>
              ) : (
                <span title={label} role="img" aria-label={label}>
                  <Face response={response} size={40} />
                </span>
              )}
            </li>
          )
        })}
      </ul>
    </div>
  )
}

/**
 * The approved responses to a note or project, rendered on the server: replies (and
 * mentions, bookmarks) with their author and sanitised text, then likes and reposts as faces.
 * Each reply has a removal request link (a message to the owner). `discussionUrl`: where to
 * reply on Mastodon or Bluesky.
 */
export function ConversationsSection({
  conversations,
  discussionUrl,
  pagePath,
}: {
  conversations: Conversations
  discussionUrl?: string | null
  pagePath: string
}) {
  const { replies, likes, reposts } = conversations
  const discussion = httpOrNull(discussionUrl ?? null)
  const discussionNetwork = discussion
    ? /^https?:\/\/(www\.)?bsky\.app\//i.test(discussion)
      ? 'Bluesky'
      : 'Mastodon'
    : null
  if (!discussion && replies.length + likes.length + reposts.length === 0) return null
  return (
    <section aria-labelledby="responses-title" className="mt-12 border-t border-line pt-8">
      <h2 id="responses-title" className="text-xl font-bold tracking-tight text-strong">
        Responses
      </h2>
      {discussion ? (
        <p className="mt-2 text-sm text-muted">
          <a
            href={discussion}
            rel="noopener"
            className="font-semibold text-accent-ink hover:underline"
          >
            {`Reply on ${discussionNetwork}`}
          </a>
          , or link to this page from your own site (Webmention): responses are shown once approved.
        </p>
      ) : null}
      <div className="mt-6 space-y-6">
        <Faces title={likes.length === 1 ? 'like' : 'likes'} responses={likes} />
        <Faces title={reposts.length === 1 ? 'repost' : 'reposts'} responses={reposts} />
        {replies.length > 0 ? (
          <ol aria-label="Replies" className="space-y-4">
            {replies.map((reply) => {
              const author = httpOrNull(reply.author_url)
              const link = httpOrNull(reply.url)
              const name = reply.author_name ?? 'Someone'
              const anchor = `response-${reply.id}`
              return (
                <li
                  key={reply.id}
                  id={anchor}
                  className="h-cite u-comment card flex gap-3 p-4 sm:gap-4"
                >
                  <Face response={reply} size={48} />
                  <div className="min-w-0 flex-1">
                    <p className="text-sm text-muted">
                      {author ? (
                        <a
                          href={author}
                          rel="nofollow ugc noopener noreferrer"
                          className="p-author h-card font-semibold text-strong hover:underline"
                        >
                          {name}
                        </a>
                      ) : (
                        <span className="p-author h-card font-semibold text-strong">{name}</span>
                      )}{' '}
                      {kindVerbs[reply.kind]} on {networkNames[reply.network]}
                      {reply.published_at ? (
                        <>
                          {' · '}
                          {link ? (
                            <a
                              href={link}
                              rel="nofollow ugc noopener noreferrer"
                              className="u-url hover:underline"
                            >
                              <time className="dt-published" dateTime={reply.published_at}>
                                {shortDate(reply.published_at)}
                              </time>
                            </a>
                          ) : (
                            <time className="dt-published" dateTime={reply.published_at}>
                              {shortDate(reply.published_at)}
                            </time>
                          )}
                        </>
                      ) : null}
                    </p>
                    {reply.content_html ? (
                      <div
                        className="e-content prose-md content-links mt-2 text-body"
                        // biome-ignore lint/security/noDangerouslySetInnerHtml: written elsewhere, sanitised on the server when it was stored (server/markdown/remote-html.ts)
                        dangerouslySetInnerHTML={{ __html: reply.content_html }}
                      />
                    ) : reply.content_text ? (
                      <p className="e-content mt-2 text-body">{reply.content_text}</p>
                    ) : null}
                    <p className="mt-2 text-xs">
                      <a
                        href={`/contact-me?remove=${encodeURIComponent(`${pagePath}#${anchor}`)}`}
                        className="text-muted underline hover:text-accent-ink"
                      >
                        Ask to remove this
                      </a>
                    </p>
                  </div>
                </li>
              )
            })}
          </ol>
        ) : null}
      </div>
    </section>
  )
}
