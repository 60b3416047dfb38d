import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Follower } from '../../../../src/schemas/activitypub'
import { useTrpc } from '../../../lib/trpc'
import { useConfirm } from '../ui/confirm-dialog'
import { smallButtonClass } from '../ui/form-controls'
import { Badge } from '../ui/list-parts'
import { EmptyState, SectionCard } from '../ui/section-card'
import { useToast } from '../ui/toasts'

const statusBadge = {
  accepted: { tone: 'green', label: 'Following' },
  pending: { tone: 'amber', label: 'Waiting for approval' },
  blocked: { tone: 'slate', label: 'Blocked' },
} as const

/** Settings → Fediverse: who follows the site, with approve, remove and block. */
export function FollowersPanel() {
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const confirm = useConfirm()
  const toast = useToast()
  const { data: followers } = useSuspenseQuery(trpc.activityPub.followers.queryOptions())
  const approve = useMutation(trpc.activityPub.approveFollower.mutationOptions())
  const remove = useMutation(trpc.activityPub.removeFollower.mutationOptions())
  const block = useMutation(trpc.activityPub.blockFollower.mutationOptions())
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState<number | null>(null)

  async function act(follower: Follower, action: 'approve' | 'remove' | 'block'): Promise<void> {
    if (action !== 'approve') {
      const yes = await confirm(
        action === 'remove'
          ? {
              title: `Remove ${follower.handle}?`,
              body: 'They stop receiving your notes. They may follow again.',
              confirm: 'Remove follower',
            }
          : {
              title: `Block ${follower.handle}?`,
              body: 'They stop receiving your notes, cannot follow again, and their replies, likes and boosts are refused.',
              confirm: 'Block',
            },
      )
      if (!yes) return
    }
    setBusy(follower.id)
    setError(null)
    try {
      const mutation = action === 'approve' ? approve : action === 'remove' ? remove : block
      const after = await mutation.mutateAsync({ id: follower.id })
      queryClient.setQueryData(trpc.activityPub.followers.queryKey(), after)
      await queryClient.invalidateQueries(trpc.activityPub.settings.queryFilter())
      toast.success(
        action === 'approve'
          ? `${follower.handle} now follows the site.`
          : action === 'remove'
            ? `${follower.handle} was removed.`
            : `${follower.handle} is blocked.`,
      )
    } catch {
      setError(`${follower.handle} could not be changed. Try again.`)
    } finally {
      setBusy(null)
    }
  }

  return (
    <SectionCard id="fediverse-followers" title="Followers" error={error}>
      {followers.length === 0 ? (
        <EmptyState>No one follows the site yet.</EmptyState>
      ) : (
        <ul className="divide-y divide-line">
          {followers.map((follower) => {
            const badge = statusBadge[follower.status]
            return (
              <li
                key={follower.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
              >
                <div className="min-w-0 space-y-0.5">
                  <p className="font-medium text-strong">
                    {follower.name || follower.handle}{' '}
                    <Badge tone={badge.tone}>{badge.label}</Badge>
                  </p>
                  <p className="break-all text-sm text-muted">
                    {follower.url ? (
                      <a className="underline" href={follower.url} rel="noopener noreferrer">
                        {follower.handle}
                      </a>
                    ) : (
                      follower.handle
                    )}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  {follower.status === 'pending' ? (
                    <button
                      type="button"
                      className={smallButtonClass}
                      disabled={busy === follower.id}
                      onClick={() => void act(follower, 'approve')}
                      aria-label={`Approve ${follower.handle}`}
                    >
                      Approve
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className={smallButtonClass}
                    disabled={busy === follower.id}
                    onClick={() => void act(follower, 'remove')}
                    aria-label={`Remove ${follower.handle}`}
                  >
                    Remove
                  </button>
                  {follower.status !== 'blocked' ? (
                    <button
                      type="button"
                      className={smallButtonClass}
                      disabled={busy === follower.id}
                      onClick={() => void act(follower, 'block')}
                      aria-label={`Block ${follower.handle}`}
                    >
                      Block
                    </button>
                  ) : null}
                </div>
              </li>
            )
          })}
        </ul>
      )}
    </SectionCard>
  )
}

/** Settings → Fediverse: what each note's Create, Update or Delete reached. */
export function DeliveriesPanel() {
  const trpc = useTrpc()
  const { data: deliveries } = useSuspenseQuery(trpc.activityPub.deliveries.queryOptions())
  return (
    <SectionCard id="fediverse-deliveries" title="Delivery" error={null}>
      {deliveries.length === 0 ? (
        <EmptyState>Nothing has been sent to followers yet.</EmptyState>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Delivery of each note to followers' servers</caption>
            <thead className="text-muted">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium whitespace-nowrap">
                  Note
                </th>
                <th scope="col" className="py-2 pr-3 font-medium whitespace-nowrap">
                  Sent as
                </th>
                <th scope="col" className="py-2 pr-3 font-medium whitespace-nowrap">
                  Delivered
                </th>
                <th scope="col" className="py-2 pr-3 font-medium whitespace-nowrap">
                  Waiting
                </th>
                <th scope="col" className="py-2 font-medium whitespace-nowrap">
                  Given up
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {deliveries.map((row) => (
                <tr key={`${row.note_id}-${row.activity_type}-${row.created_at}`}>
                  <td className="py-2 pr-3 text-strong">{row.title}</td>
                  <td className="py-2 pr-3">{row.activity_type}</td>
                  <td className="py-2 pr-3">{row.sent}</td>
                  <td className="py-2 pr-3">{row.pending}</td>
                  <td className="py-2" title={row.last_error ?? undefined}>
                    {row.failed}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </SectionCard>
  )
}

const conversationBadge = {
  pending: { tone: 'amber', label: 'Waiting for approval' },
  approved: { tone: 'green', label: 'Shown' },
  spam: { tone: 'slate', label: 'Spam' },
} as const

const kindLabels: Record<string, string> = {
  reply: 'replied to',
  like: 'liked',
  repost: 'boosted',
}

/**
 * Settings → Fediverse: the replies, likes and boosts that came over
 * ActivityPub, newest first, with Approve for one waiting; the same
 * conversations the inbox moderates with the Webmentions.
 */
export function FediverseConversationsPanel() {
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const toast = useToast()
  const { data: all } = useSuspenseQuery(trpc.conversations.list.queryOptions())
  const setStatus = useMutation(trpc.conversations.setStatus.mutationOptions())
  const [error, setError] = useState<string | null>(null)
  const items = all.filter((item) => item.network === 'activitypub').slice(0, 20)

  async function approve(id: number, author: string) {
    setError(null)
    try {
      await setStatus.mutateAsync({ id, status: 'approved' })
      await queryClient.invalidateQueries(trpc.conversations.list.queryFilter())
      toast.success(`${author}'s reply is shown under the note.`)
    } catch {
      setError('It could not be approved. Try again.')
    }
  }

  return (
    <SectionCard id="fediverse-conversations" title="Replies, likes and boosts" error={error}>
      {items.length === 0 ? (
        <EmptyState>Nothing has come from the fediverse yet.</EmptyState>
      ) : (
        <ul className="divide-y divide-line">
          {items.map((item) => {
            const badge = conversationBadge[item.status]
            const author = item.author_name ?? 'Someone'
            return (
              <li key={item.id} className="space-y-1 py-3">
                <p className="text-sm text-body">
                  <strong className="text-strong">{author}</strong>{' '}
                  {kindLabels[item.kind] ?? item.kind} <em>{item.target_title ?? 'a note'}</em>{' '}
                  <Badge tone={badge.tone}>{badge.label}</Badge>
                </p>
                {item.content_text ? (
                  <p className="text-sm text-muted">{item.content_text}</p>
                ) : null}
                {item.status === 'pending' ? (
                  <button
                    type="button"
                    className={smallButtonClass}
                    onClick={() => void approve(item.id, author)}
                    aria-label={`Approve ${author}'s ${item.kind}`}
                  >
                    Approve
                  </button>
                ) : null}
              </li>
            )
          })}
        </ul>
      )}
    </SectionCard>
  )
}
