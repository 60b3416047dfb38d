/*
 * The saves of the add and edit screens, from tRPC's options (the screens pass
 * `trpc.projects.create.mutationOptions()` and the like). They travel with
 * refresh-lists.ts in the add/edit routes' chunk.
 */
import type {
  QueryClient,
  QueryKey,
  UseMutationOptions,
  UseSuspenseQueryOptions,
} from '@tanstack/react-query'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { type Trpc, useTrpc } from '../../../lib/trpc'
import { useToast } from './toasts'

/** What a content form (projects, timeline events, notes) takes from its screen. */
export interface ContentFormProps<TItem, TData> {
  heading: string
  /** The row being edited; none for a new one. */
  item?: TItem
  /** Sends the data, with the version the form was loaded from (an edit); answers the saved row. */
  save: (data: TData, version?: number) => Promise<unknown>
  /** Loads the row again (an edit's conflict dialog: Reload). */
  reload?: () => Promise<unknown>
}

/** Brings the dashboard's lists up to date after a save (refresh-lists.ts). */
type Refresh = (queryClient: QueryClient, trpc: Trpc) => Promise<void>

/** The toast after a save: a sentence, or one chosen by the saved row (a note: saved or scheduled). */
type Saved<TRow> = string | ((row: TRow) => string)

const sentence = <TRow>(saved: Saved<TRow>, row: TRow) =>
  typeof saved === 'string' ? saved : saved(row)

/**
 * The save of an "add" screen: create the row, refresh the lists, confirm
 * with a toast (`saved`), which stays on screen on the dashboard.
 */
export function useCreateSave<TData, TError, TCreated>(
  create: UseMutationOptions<TCreated, TError, TData>,
  refresh: Refresh,
  saved: Saved<TCreated>,
): (data: TData) => Promise<void> {
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const toast = useToast()
  const mutation = useMutation(create)
  return async (data) => {
    const created = await mutation.mutateAsync(data)
    await refresh(queryClient, trpc)
    toast.success(sentence(saved, created))
  }
}

/**
 * An edit screen's row (the loader has put it in the cache) and its save:
 * update the row, keep what was saved for the next visit to the form, then
 * refresh the lists and confirm with a toast (`saved`).
 */
export function useEditSave<
  TItem,
  TError,
  TKey extends QueryKey,
  TVariables extends { id: unknown; version?: number },
>({
  id,
  query,
  update,
  refresh,
  saved,
}: {
  id: number
  query: UseSuspenseQueryOptions<TItem, TError, TItem, TKey>
  update: UseMutationOptions<TItem, TError, TVariables>
  refresh: Refresh
  saved: Saved<TItem>
}): {
  item: TItem
  save: (data: Omit<TVariables, 'id' | 'version'>, version?: number) => Promise<TItem>
  reload: () => Promise<unknown>
} {
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const toast = useToast()
  const { data: item } = useSuspenseQuery(query)
  const mutation = useMutation(update)
  async function save(data: Omit<TVariables, 'id' | 'version'>, version?: number) {
    // The update's input is the form's data with the row's id and the version it was loaded from.
    const updated = await mutation.mutateAsync({ id, version, ...data } as TVariables)
    queryClient.setQueryData<TItem>(query.queryKey as QueryKey, updated)
    await refresh(queryClient, trpc)
    toast.success(sentence(saved, updated))
    return updated
  }
  /** The stored row as it is now: the screen's form opens again on it (its key follows the version). */
  const reload = () => queryClient.fetchQuery({ ...query, staleTime: 0 })
  return { item, save, reload }
}
