import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import type {
  ConversationStatus,
  InboxConversation,
  TrustEntry,
} from '../../../../src/schemas/conversation'
import { failureText } from '../../../lib/admin-errors'
import { formatDate } from '../../../lib/inbox'
import { useTrpc } from '../../../lib/trpc'
import { trashNote, useConfirm } from '../ui/confirm-dialog'
import { dangerButtonClass, ErrorAlert, smallButtonClass } from '../ui/form-controls'
import { SectionCard } from '../ui/section-card'
import { type ToastAction, useToast } from '../ui/toasts'
import { useSessionEnd } from '../ui/use-session-end'

const views: { key: ConversationStatus; label: string; empty: string }[] = [
  {
    key: 'pending',
    label: 'Pending',
    empty: 'Nothing waits for you. Replies, likes and mentions from elsewhere arrive here first.',
  },
  { key: 'approved', label: 'Approved', empty: 'None approved yet.' },
  {
    key: 'spam',
    label: 'Spam',
    empty: 'No spam. Responses the spam rules catch wait here, without an alert.',
  },
]

const networkNames: Record<InboxConversation['network'], string> = {
  webmention: 'Webmention',
  mastodon: 'Mastodon',
  bluesky: 'Bluesky',
  activitypub: 'ActivityPub',
}

const kindNames: Record<InboxConversation['kind'], string> = {
  reply: 'Reply',
  like: 'Like',
  repost: 'Repost',
  bookmark: 'Bookmark',
  mention: 'Mention',
}

const hostOf = (url: string | null) => {
  if (!url) return null
  try {
    return new URL(url).hostname.replace(/^www\./, '')
  } catch {
    return null
  }
}

const httpOrNull = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null)

/**
 * Conversations: what was said about the notes and projects elsewhere (Webmentions, Mastodon,
 * Bluesky, ActivityPub), pending until approved. Approve, mark as spam, delete (to the Trash),
 * or always trust the author or their domain; the trust list below.
 */
export function ConversationsInbox() {
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const toast = useToast()
  const confirm = useConfirm()
  const endSession = useSessionEnd()
  const { data } = useSuspenseQuery(trpc.conversations.list.queryOptions())
  const { data: trust } = useSuspenseQuery(trpc.conversations.trustList.queryOptions())
  const conversations = data as InboxConversation[]
  const setStatus = useMutation(trpc.conversations.setStatus.mutationOptions())
  const remove = useMutation(trpc.conversations.delete.mutationOptions())
  const trustAuthor = useMutation(trpc.conversations.trust.mutationOptions())
  const untrust = useMutation(trpc.conversations.untrust.mutationOptions())
  const restore = useMutation(trpc.trash.restore.mutationOptions())
  const [view, setView] = useState<ConversationStatus>('pending')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const shown = useMemo(() => conversations.filter((c) => c.status === view), [conversations, view])
  const counts = useMemo(() => {
    const result: Record<ConversationStatus, number> = { pending: 0, approved: 0, spam: 0 }
    for (const c of conversations) result[c.status]++
    return result
  }, [conversations])

  const refresh = () => queryClient.invalidateQueries(trpc.conversations.pathFilter())

  async function act(
    work: () => Promise<unknown>,
    done: string | null,
    fallback: string,
    undo?: ToastAction,
  ) {
    setError(null)
    setBusy(true)
    try {
      await work()
      await refresh()
      if (done) toast.success(done, undo)
    } catch (caught) {
      if (await endSession(caught)) return
      setError(failureText(caught, fallback))
      await refresh().catch(() => undefined)
    } finally {
      setBusy(false)
    }
  }

  const move = (id: number, status: ConversationStatus, done: string) =>
    act(() => setStatus.mutateAsync({ id, status }), done, 'It could not be changed.')

  async function removeOne(conversation: InboxConversation) {
    const confirmed = await confirm({
      title: 'Delete this response?',
      body: trashNote(false),
      confirm: 'Move to Trash',
    })
    if (!confirmed) return
    await act(
      () => remove.mutateAsync({ id: conversation.id }),
      'Response deleted.',
      'It could not be deleted.',
      {
        label: 'Undo',
        run: () =>
          void act(
            () => restore.mutateAsync({ kind: 'conversation', id: conversation.id }),
            'Restored.',
            'It could not be restored. It is still in the Trash.',
          ),
      },
    )
  }

  return (
    <div className="space-y-6">
      <SectionCard id="conversations-heading" title="Responses." error={null}>
        <fieldset className="flex w-fit flex-wrap gap-1 rounded-card bg-surface-sunken p-1 sm:rounded-full">
          <legend className="sr-only">Show</legend>
          {views.map(({ key, label }) => (
            <button
              key={key}
              type="button"
              aria-pressed={view === key}
              onClick={() => setView(key)}
              className="rounded-full px-3 py-1.5 text-sm font-medium text-body hover:text-strong sm:px-4 aria-pressed:bg-surface-raised aria-pressed:text-accent-ink aria-pressed:shadow-card"
            >
              {label} <span className="text-muted">({counts[key]})</span>
            </button>
          ))}
        </fieldset>

        <ErrorAlert message={error} />

        {shown.length === 0 ? (
          <p className="rounded-control border border-dashed border-line-strong px-4 py-6 text-center text-sm text-muted">
            {views.find((each) => each.key === view)?.empty}
          </p>
        ) : (
          <ul
            aria-label="Conversations"
            className="divide-y divide-line rounded-control border border-line"
          >
            {shown.map((conversation) => {
              const name = conversation.author_name ?? hostOf(conversation.author_url) ?? 'Someone'
              const author = httpOrNull(conversation.author_url)
              const link = httpOrNull(conversation.url)
              const domain = hostOf(conversation.author_url)
              return (
                <li key={conversation.id} className="flex items-start gap-3 p-3 sm:p-4">
                  {conversation.author_photo?.startsWith('/media/') ? (
                    <img
                      src={conversation.author_photo}
                      alt=""
                      width={40}
                      height={40}
                      className="size-10 shrink-0 rounded-full bg-surface-sunken object-cover"
                    />
                  ) : (
                    <span
                      aria-hidden="true"
                      className="grid size-10 shrink-0 place-items-center rounded-full bg-accent-soft text-sm font-semibold text-accent-ink"
                    >
                      {Array.from(name)[0]?.toUpperCase() ?? '?'}
                    </span>
                  )}
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                      <span className="font-semibold wrap-anywhere text-strong">
                        {author ? (
                          <a href={author} rel="noopener noreferrer" className="hover:underline">
                            {name}
                          </a>
                        ) : (
                          name
                        )}
                        {conversation.trusted ? (
                          <span className="ml-2 rounded-full bg-success-soft px-2 py-0.5 text-xs font-medium text-success-ink">
                            Trusted
                          </span>
                        ) : null}
                      </span>
                      <time dateTime={conversation.created_at} className="text-xs text-muted">
                        {formatDate(conversation.created_at)}
                      </time>
                    </p>
                    <p className="text-sm text-muted">
                      {kindNames[conversation.kind]} · {networkNames[conversation.network]}
                      {conversation.target_path ? (
                        <>
                          {' · on '}
                          <a href={conversation.target_path} className="underline">
                            {conversation.target_title ?? conversation.target_path}
                          </a>
                        </>
                      ) : (
                        ' · on an item in the Trash'
                      )}
                      {link ? (
                        <>
                          {' · '}
                          <a href={link} rel="noopener noreferrer" className="underline">
                            Open the original
                          </a>
                        </>
                      ) : null}
                    </p>
                    {conversation.content_text ? (
                      <p className="mt-2 rounded-lg bg-surface p-3 text-sm whitespace-pre-wrap wrap-anywhere text-strong">
                        {conversation.content_text}
                      </p>
                    ) : null}
                    <div className="mt-3 flex flex-wrap gap-2">
                      {conversation.status !== 'approved' ? (
                        <button
                          type="button"
                          className={smallButtonClass}
                          disabled={busy}
                          onClick={() =>
                            move(conversation.id, 'approved', 'Approved: it is shown on the page.')
                          }
                        >
                          Approve
                        </button>
                      ) : (
                        <button
                          type="button"
                          className={smallButtonClass}
                          disabled={busy}
                          onClick={() => move(conversation.id, 'pending', 'Hidden again.')}
                        >
                          Hide
                        </button>
                      )}
                      {conversation.status !== 'spam' ? (
                        <button
                          type="button"
                          className={smallButtonClass}
                          disabled={busy}
                          onClick={() => move(conversation.id, 'spam', 'Marked as spam.')}
                        >
                          Mark as spam
                        </button>
                      ) : null}
                      {author && !conversation.trusted ? (
                        <button
                          type="button"
                          className={smallButtonClass}
                          disabled={busy}
                          onClick={() =>
                            act(
                              () =>
                                trustAuthor.mutateAsync({ id: conversation.id, type: 'author' }),
                              `${name} is trusted: their responses are shown at once.`,
                              'The author could not be trusted.',
                            )
                          }
                        >
                          Always trust {name}
                        </button>
                      ) : null}
                      {domain && !conversation.trusted ? (
                        <button
                          type="button"
                          className={smallButtonClass}
                          disabled={busy}
                          onClick={() =>
                            act(
                              () =>
                                trustAuthor.mutateAsync({ id: conversation.id, type: 'domain' }),
                              `${domain} is trusted: responses from it are shown at once.`,
                              'The domain could not be trusted.',
                            )
                          }
                        >
                          Always trust {domain}
                        </button>
                      ) : null}
                      <button
                        type="button"
                        className={dangerButtonClass}
                        disabled={busy}
                        onClick={() => removeOne(conversation)}
                      >
                        Delete
                      </button>
                    </div>
                  </div>
                </li>
              )
            })}
          </ul>
        )}
      </SectionCard>

      <SectionCard id="trusted-heading" title="Trusted." error={null}>
        <p className="text-sm text-muted">
          Responses from these authors and domains are shown without waiting for you.
        </p>
        {(trust as TrustEntry[]).length === 0 ? (
          <p className="text-sm text-muted">Nobody yet.</p>
        ) : (
          <ul aria-label="Trusted authors and domains" className="divide-y divide-line">
            {(trust as TrustEntry[]).map((entry) => (
              <li key={entry.id} className="flex items-center justify-between gap-3 py-2">
                <span className="wrap-anywhere text-body">
                  <span className="text-muted">
                    {entry.type === 'author' ? 'Author' : 'Domain'}:
                  </span>{' '}
                  {entry.value}
                </span>
                <button
                  type="button"
                  className={smallButtonClass}
                  disabled={busy}
                  onClick={() =>
                    act(
                      () => untrust.mutateAsync({ id: entry.id }),
                      'No longer trusted.',
                      'It could not be removed from the list.',
                    )
                  }
                >
                  Stop trusting
                </button>
              </li>
            ))}
          </ul>
        )}
      </SectionCard>
    </div>
  )
}
