import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { contentKindLabels, contentKindNames } from '../../../../src/domain/content-kinds'
import { TRASH_DAYS, type TrashItem, type TrashKind } from '../../../../src/schemas/trash'
import { failureText } from '../../../lib/admin-errors'
import { useTrpc } from '../../../lib/trpc'
import { goneNote, useConfirm } from '../ui/confirm-dialog'
import { dangerButtonClass, ErrorAlert, smallButtonClass } from '../ui/form-controls'
import { EmptyState } from '../ui/section-card'
import { useToast } from '../ui/toasts'
import { useSessionEnd } from '../ui/use-session-end'

/** A kind's noun as the list's first word ("Timeline event"), from the kinds' words. */
const kindLabel = Object.fromEntries(
  contentKindNames.map((name) => {
    const noun = contentKindLabels[name].noun
    return [name, `${noun.charAt(0).toUpperCase()}${noun.slice(1)}`]
  }),
) as Record<TrashKind, string>

const DAY_MS = 86_400_000

/** "in 29 days", "today": when the item goes for good. */
function removedIn(deletedAt: string, now: number): string {
  const days = Math.ceil((Date.parse(deletedAt) + TRASH_DAYS * DAY_MS - now) / DAY_MS)
  if (days <= 0) return 'today'
  return days === 1 ? 'in 1 day' : `in ${days} days`
}

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** The Trash: each deleted item with Restore and Delete forever. */
export function TrashList() {
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const toast = useToast()
  const confirm = useConfirm()
  const endSession = useSessionEnd()
  const { data: items } = useSuspenseQuery(trpc.trash.list.queryOptions())
  const restore = useMutation(trpc.trash.restore.mutationOptions())
  const remove = useMutation(trpc.trash.delete.mutationOptions())
  const [pending, setPending] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [now] = useState(() => Date.now())

  async function act(
    item: TrashItem,
    work: () => Promise<unknown>,
    done: string,
    fallback: string,
  ) {
    setError(null)
    setPending(`${item.kind}-${item.id}`)
    try {
      await work()
      // Every list may have changed: the restored item is back in its own.
      await queryClient.invalidateQueries()
      toast.success(done)
    } catch (caught) {
      if (await endSession(caught)) return
      setError(failureText(caught, fallback))
      await queryClient.invalidateQueries(trpc.trash.pathFilter()).catch(() => undefined)
    } finally {
      setPending(null)
    }
  }

  if (items.length === 0) {
    return <EmptyState>The Trash is empty.</EmptyState>
  }

  return (
    <div className="space-y-3">
      <ErrorAlert message={error} />
      <ul className="divide-y divide-line rounded-control border border-line">
        {items.map((item) => {
          const key = `${item.kind}-${item.id}`
          const nameId = `trash-${key}`
          return (
            <li
              key={key}
              className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0 space-y-0.5">
                <p className="text-xs font-semibold tracking-wide text-muted uppercase">
                  {kindLabel[item.kind]}
                </p>
                <p id={nameId} className="font-medium wrap-anywhere text-strong">
                  {item.title}
                </p>
                <p className="text-sm text-muted">
                  Deleted {when(item.deleted_at)} · removed for good{' '}
                  {removedIn(item.deleted_at, now)}
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                <button
                  type="button"
                  className={smallButtonClass}
                  aria-describedby={nameId}
                  disabled={pending === key}
                  onClick={() =>
                    act(
                      item,
                      () => restore.mutateAsync({ kind: item.kind, id: item.id }),
                      `Restored: ${item.title}`,
                      'It could not be restored.',
                    )
                  }
                >
                  Restore
                </button>
                <button
                  type="button"
                  className={dangerButtonClass}
                  aria-describedby={nameId}
                  disabled={pending === key}
                  onClick={async () => {
                    const confirmed = await confirm({
                      title: 'Delete this for good?',
                      body: goneNote,
                      confirm: 'Delete for good',
                    })
                    if (!confirmed) return
                    void act(
                      item,
                      () => remove.mutateAsync({ kind: item.kind, id: item.id }),
                      `Deleted for good: ${item.title}`,
                      'It could not be deleted.',
                    )
                  }}
                >
                  Delete forever
                </button>
              </div>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
