import {
  type QueryFilters,
  type QueryKey,
  type UseMutationOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query'
import { useRef } from 'react'
import { failureText } from '../../../lib/admin-errors'
import { useToast } from './toasts'
import { useSessionEnd } from './use-session-end'

/** A list row as far as ordering goes. */
type Row = { id: number }

interface ReorderOptions<TError, TData> {
  /** The dashboard list's query key: the new order shows at once. */
  listKey: QueryKey
  /** The reorder procedure's mutation (`{ ids }`: every id, in the new order). */
  reorder: UseMutationOptions<TData, TError, { ids: number[] }>
  /** What a new order makes stale: the public lists and pages. */
  stale: QueryFilters
  /** The toast once the server has it ("Projects reordered."). */
  saved: string
  /** The start of the toast when it failed; the reason follows. */
  failed: string
}

/**
 * Saves a list's new order at once: the list shows it straight away (a fetch
 * of the list still on its way is called off), the server gets every id in
 * order, a toast confirms. Moves made while one is
 * being saved are sent after it, in order. When the server refuses (or
 * cannot be reached), the list goes back to the last order the server
 * confirmed, later moves are dropped, the toast says why, and the list is
 * fetched again (it may have been out of date).
 */
export function useReorder<TError, TData>({
  listKey,
  reorder,
  stale,
  saved,
  failed,
}: ReorderOptions<TError, TData>): (next: Row[]) => void {
  const queryClient = useQueryClient()
  const toast = useToast()
  const endSession = useSessionEnd()
  const mutation = useMutation(reorder)
  const state = useRef({
    queue: Promise.resolve(),
    pending: 0,
    /** Bumped by a failure: moves queued before it are not sent. */
    generation: 0,
    /** The order the server last confirmed (the list as it was when the first pending move began). */
    confirmed: undefined as Row[] | undefined,
  })

  return (next) => {
    const s = state.current
    if (s.pending === 0) s.confirmed = queryClient.getQueryData<Row[]>(listKey)
    // A fetch of the list already on its way (a save just before asked for one) answers with
    // the order before this move: it is called off, or it would put that order back on screen.
    void queryClient.cancelQueries({ queryKey: listKey })
    queryClient.setQueryData<Row[]>(listKey, next)
    const generation = s.generation
    s.pending += 1
    s.queue = s.queue
      .then(async () => {
        if (generation !== s.generation) return
        try {
          await mutation.mutateAsync({ ids: next.map((item) => item.id) })
        } catch (error) {
          s.generation += 1
          if (s.confirmed) queryClient.setQueryData<Row[]>(listKey, s.confirmed)
          if (await endSession(error)) return
          toast.error(`${failed} ${failureText(error, 'Please try again.')}`)
          // The list may be out of date (a project added elsewhere): fetch the server's.
          await queryClient.invalidateQueries(stale).catch(() => undefined)
          return
        }
        s.confirmed = next
        toast.success(saved)
        // The public views fetch the new order when next shown; the list here has it already.
        await queryClient.invalidateQueries({ ...stale, refetchType: 'none' })
      })
      .finally(() => {
        s.pending -= 1
      })
  }
}
