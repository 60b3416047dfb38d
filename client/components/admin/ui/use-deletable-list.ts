import {
  type QueryFilters,
  type QueryKey,
  type UseMutationOptions,
  type UseSuspenseQueryOptions,
  useMutation,
  useQueryClient,
  useSuspenseQuery,
} from '@tanstack/react-query'
import { useState } from 'react'
import type { TrashKind } from '../../../../src/schemas/trash'
import { failureText } from '../../../lib/admin-errors'
import { httpStatusOf } from '../../../lib/api-errors'
import { useTrpc } from '../../../lib/trpc'
import { goneNote, trashNote, useConfirm } from './confirm-dialog'
import { useToast } from './toasts'
import { useSessionEnd } from './use-session-end'

interface DeletableListOptions<TItem, TError, TKey extends QueryKey, TDeleted> {
  /** The list's query (the dashboard loader has filled it). */
  list: UseSuspenseQueryOptions<TItem[], TError, TItem[], TKey>
  /** The delete procedure's mutation. */
  remove: UseMutationOptions<TDeleted, TError, { id: number }>
  /** What a delete makes stale: the list's procedures. */
  stale: QueryFilters
  /** The exact confirmation question from the spec. */
  question: string
  /** Shown when the server gives no readable reason. */
  fallback: string
  /** The toast after a delete ("Project deleted."). */
  deleted: string
  /** What a delete moves to the Trash: the dialog says so, and its toast offers Undo. */
  trashKind?: TrashKind
}

/** A list's delete, for DeleteButton: which row is being deleted, and the last failure. */
export interface Deletion {
  run: (id: number) => Promise<void>
  pendingId: number | null
  error: string | null
  /** The row whose delete failed last, for lists that show the failure next to it. */
  failedId: number | null
}

/**
 * A dashboard list and the delete of its rows: confirm (in the page's dialog), delete, reload the
 * list, say so in a toast; failures stay visible next to the list.
 */
export function useDeletableList<TItem, TError, TKey extends QueryKey, TDeleted>({
  list,
  remove,
  stale,
  question,
  fallback,
  deleted,
  trashKind,
}: DeletableListOptions<TItem, TError, TKey, TDeleted>): { items: TItem[]; deletion: Deletion } {
  const trpc = useTrpc()
  const endSession = useSessionEnd()
  const toast = useToast()
  const confirm = useConfirm()
  const queryClient = useQueryClient()
  const { data: items } = useSuspenseQuery(list)
  const mutation = useMutation(remove)
  const restore = useMutation(trpc.trash.restore.mutationOptions())
  const [pendingId, setPendingId] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [failedId, setFailedId] = useState<number | null>(null)

  /** Awaited so the row is gone when the button frees up. */
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries(stale),
      queryClient.invalidateQueries(trpc.trash.pathFilter()),
    ])

  /** Undo: the item comes back from the Trash, in its place. */
  async function undo(kind: TrashKind, id: number) {
    setError(null)
    try {
      await restore.mutateAsync({ kind, id })
      await refresh()
      toast.success('Restored.')
    } catch (caught) {
      if (await endSession(caught)) return
      setError(failureText(caught, 'It could not be restored. It is still in the Trash.'))
    }
  }

  async function run(id: number) {
    const confirmed = await confirm(
      trashKind
        ? { title: question, body: trashNote(), confirm: 'Move to Trash' }
        : { title: question, body: goneNote, confirm: 'Delete for good' },
    )
    if (!confirmed) return
    setError(null)
    setFailedId(null)
    setPendingId(id)
    try {
      await mutation.mutateAsync({ id })
      await refresh()
      toast.success(
        deleted,
        trashKind ? { label: 'Undo', run: () => void undo(trashKind, id) } : undefined,
      )
    } catch (caught) {
      if (await endSession(caught)) return
      setError(failureText(caught, fallback))
      setFailedId(id)
      // Someone else removed it first: the list is stale, show what is left.
      if (httpStatusOf(caught) === 404) await refresh().catch(() => undefined)
    } finally {
      setPendingId(null)
    }
  }

  return { items, deletion: { run, pendingId, error, failedId } }
}
