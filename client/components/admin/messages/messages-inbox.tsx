import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useId, useMemo, useState } from 'react'
import { failureText } from '../../../lib/admin-errors'
import {
  formatDate,
  type InboxMessage,
  type InboxView,
  inboxViews,
  inView,
  matchesSearch,
  messagesCsv,
  replyHref,
} from '../../../lib/inbox'
import { useTrpc } from '../../../lib/trpc'
import { trashNote, useConfirm } from '../ui/confirm-dialog'
import { dangerButtonClass, ErrorAlert, inputClass, smallButtonClass } from '../ui/form-controls'
import { SectionCard } from '../ui/section-card'
import { type ToastAction, useToast } from '../ui/toasts'
import { useSessionEnd } from '../ui/use-session-end'

const DELETE_QUESTION = 'Are you sure you want to delete this contact?'

const emptyText: Record<InboxView, string> = {
  inbox: 'No messages in the inbox.',
  archived: 'No archived messages.',
  spam: 'No spam. Messages the form judges to be spam wait here, without an alert.',
}

/** The moves a message in a folder offers, in order: its label, where it goes, what is said after. */
function movesFrom(
  status: InboxMessage['status'],
): { label: string; to: InboxMessage['status']; done: string }[] {
  const toInbox = { label: 'Move to inbox', to: 'read', done: 'Moved to the inbox.' } as const
  const archive = { label: 'Archive', to: 'archived', done: 'Message archived.' } as const
  const spam = { label: 'Mark as spam', to: 'spam', done: 'Marked as spam.' } as const
  if (status === 'spam') return [{ ...toInbox, label: 'Not spam' }]
  if (status === 'archived') return [toInbox, spam]
  return [archive, spam]
}

/**
 * The owner's inbox: Inbox / Archived / Spam, search, open (marks read),
 * Reply, archive, spam / not spam, delete, several at once, CSV export.
 */
export function MessagesInbox() {
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const toast = useToast()
  const confirm = useConfirm()
  const endSession = useSessionEnd()
  const siteUrl = useRouteContext({ from: '__root__', select: (context) => context.site.url })
  const siteHost = new URL(siteUrl).host
  const { data } = useSuspenseQuery(trpc.messages.list.queryOptions())
  const messages = data as InboxMessage[]
  const setStatus = useMutation(trpc.messages.setStatus.mutationOptions())
  const remove = useMutation(trpc.messages.delete.mutationOptions())
  const restore = useMutation(trpc.trash.restore.mutationOptions())
  const [view, setView] = useState<InboxView>('inbox')
  const [query, setQuery] = useState('')
  const [openId, setOpenId] = useState<number | null>(null)
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set())
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const baseId = useId()

  const shown = useMemo(
    () => messages.filter((m) => inView(m, view) && matchesSearch(m, query)),
    [messages, view, query],
  )
  const counts = useMemo(() => {
    const result: Record<InboxView, number> = { inbox: 0, archived: 0, spam: 0 }
    for (const m of messages) for (const v of inboxViews) if (inView(m, v.key)) result[v.key]++
    return result
  }, [messages])
  const selectedShown = shown.filter((m) => selected.has(m.id))

  const refresh = () => queryClient.invalidateQueries(trpc.messages.pathFilter())

  /** Runs `work`, reloads the list, says `done`; a failure stays above the list. */
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

  const move = (ids: number[], status: InboxMessage['status'], done: string) =>
    act(
      async () => {
        for (const id of ids) await setStatus.mutateAsync({ id, status })
        setSelected(new Set())
        if (openId !== null && ids.includes(openId)) setOpenId(null)
      },
      done,
      'The message could not be moved.',
    )

  const removeMany = async (ids: number[]) => {
    const confirmed = await confirm({
      title: DELETE_QUESTION,
      body: trashNote(ids.length > 1),
      confirm: 'Move to Trash',
    })
    if (!confirmed) return
    return act(
      async () => {
        for (const id of ids) await remove.mutateAsync({ id })
        setSelected(new Set())
        if (openId !== null && ids.includes(openId)) setOpenId(null)
      },
      ids.length === 1 ? 'Message deleted.' : `${ids.length} messages deleted.`,
      'The message could not be deleted.',
      {
        label: 'Undo',
        // They come back from the Trash as they were (status included).
        run: () =>
          void act(
            async () => {
              for (const id of ids) await restore.mutateAsync({ kind: 'message', id })
            },
            'Restored.',
            'It could not be restored. It is still in the Trash.',
          ),
      },
    )
  }

  function toggleOpen(message: InboxMessage) {
    if (openId === message.id) {
      setOpenId(null)
      return
    }
    setOpenId(message.id)
    if (message.status === 'unread') {
      void act(
        () => setStatus.mutateAsync({ id: message.id, status: 'read' }),
        null,
        'The message could not be marked as read.',
      )
    }
  }

  function toggleSelected(id: number, on: boolean) {
    setSelected((current) => {
      const next = new Set(current)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })
  }

  function exportCsv() {
    const blob = new Blob([messagesCsv(shown)], { type: 'text/csv;charset=utf-8' })
    const url = URL.createObjectURL(blob)
    const link = document.createElement('a')
    link.href = url
    link.download = `messages-${view}-${new Date().toISOString().slice(0, 10)}.csv`
    document.body.append(link)
    link.click()
    link.remove()
    setTimeout(() => URL.revokeObjectURL(url), 1_000)
  }

  const allSelected = shown.length > 0 && selectedShown.length === shown.length

  return (
    <SectionCard
      id="messages-heading"
      title="Inbox."
      action={
        <button
          type="button"
          className={smallButtonClass}
          onClick={exportCsv}
          disabled={shown.length === 0}
        >
          Export CSV
        </button>
      }
      error={null}
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <fieldset className="flex flex-wrap gap-1 rounded-card bg-surface-sunken p-1 sm:rounded-full">
          <legend className="sr-only">Folder</legend>
          {inboxViews.map(({ key, label }) => (
            <button
              key={key}
              type="button"
              aria-pressed={view === key}
              onClick={() => {
                setView(key)
                setSelected(new Set())
                setOpenId(null)
              }}
              className="rounded-full px-3 py-1.5 text-sm font-medium text-body hover:text-strong sm:px-4 aria-pressed:bg-surface-raised aria-pressed:text-accent-ink aria-pressed:shadow-card"
            >
              {label} <span className="text-muted">({counts[key]})</span>
            </button>
          ))}
        </fieldset>
        <div className="w-full sm:w-72">
          <label htmlFor={`${baseId}-search`} className="mb-1 block text-sm font-semibold">
            Search messages
          </label>
          <input
            id={`${baseId}-search`}
            type="search"
            className={inputClass}
            value={query}
            placeholder="Name, email or text"
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
      </div>

      <ErrorAlert message={error} />

      <div className="flex flex-wrap items-center gap-2 border-y border-line py-2">
        <label className="flex items-center gap-2 px-1 text-sm text-body">
          <input
            type="checkbox"
            className="size-4"
            checked={allSelected}
            disabled={shown.length === 0}
            onChange={(event) =>
              setSelected(event.target.checked ? new Set(shown.map((m) => m.id)) : new Set())
            }
          />
          Select all
        </label>
        <span className="text-sm text-muted" aria-live="polite">
          {selectedShown.length > 0 ? `${selectedShown.length} selected` : ''}
        </span>
        <div className="ml-auto flex flex-wrap gap-2">
          {view !== 'archived' ? (
            <button
              type="button"
              className={smallButtonClass}
              disabled={busy || selectedShown.length === 0}
              onClick={() =>
                move(
                  selectedShown.map((m) => m.id),
                  'archived',
                  `${selectedShown.length} archived.`,
                )
              }
            >
              Archive selected
            </button>
          ) : null}
          <button
            type="button"
            className={dangerButtonClass}
            disabled={busy || selectedShown.length === 0}
            onClick={() => removeMany(selectedShown.map((m) => m.id))}
          >
            Delete selected
          </button>
        </div>
      </div>

      {shown.length === 0 ? (
        <p className="rounded-control border border-dashed border-line-strong px-4 py-6 text-center text-sm text-muted">
          {query ? 'No message matches the search.' : emptyText[view]}
        </p>
      ) : (
        <ul
          aria-label="Messages"
          className="divide-y divide-line rounded-control border border-line"
        >
          {shown.map((message) => {
            const open = openId === message.id
            const unread = message.status === 'unread'
            const detailId = `${baseId}-detail-${message.id}`
            return (
              <li key={message.id} className={unread ? 'bg-accent-soft/40' : undefined}>
                <div className="flex items-start gap-3 p-3 sm:p-4">
                  <input
                    type="checkbox"
                    className="mt-1.5 size-4 shrink-0"
                    aria-label={`Select the message from ${message.name}`}
                    checked={selected.has(message.id)}
                    onChange={(event) => toggleSelected(message.id, event.target.checked)}
                  />
                  <button
                    type="button"
                    aria-expanded={open}
                    aria-controls={detailId}
                    onClick={() => toggleOpen(message)}
                    className="min-w-0 flex-1 rounded-lg text-left"
                  >
                    <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                      <span
                        className={`wrap-anywhere text-strong ${unread ? 'font-bold' : 'font-medium'}`}
                      >
                        {unread ? (
                          <span className="mr-2 inline-block rounded-full bg-accent px-2 py-0.5 align-middle text-xs font-semibold text-on-accent">
                            Unread
                          </span>
                        ) : null}
                        {message.name}
                      </span>
                      <time dateTime={message.created_at} className="text-xs text-muted">
                        {formatDate(message.created_at)}
                      </time>
                    </span>
                    <span className="block text-sm wrap-anywhere text-muted">{message.email}</span>
                    {open ? null : (
                      <span className="mt-1 block truncate text-sm text-body">
                        {message.message}
                      </span>
                    )}
                  </button>
                </div>
                <div id={detailId} hidden={!open} className="px-3 pb-4 sm:px-4 sm:pl-11">
                  {open ? (
                    <>
                      <p className="rounded-lg bg-surface p-3 text-sm whitespace-pre-wrap wrap-anywhere text-strong">
                        {message.message}
                      </p>
                      <div className="mt-3 flex flex-wrap gap-2">
                        <a className={smallButtonClass} href={replyHref(message, siteHost)}>
                          Reply
                        </a>
                        {movesFrom(message.status).map(({ label, to, done }) => (
                          <button
                            key={label}
                            type="button"
                            className={smallButtonClass}
                            disabled={busy}
                            onClick={() => move([message.id], to, done)}
                          >
                            {label}
                          </button>
                        ))}
                        <button
                          type="button"
                          className={dangerButtonClass}
                          disabled={busy}
                          onClick={() => removeMany([message.id])}
                        >
                          Delete
                        </button>
                      </div>
                    </>
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
