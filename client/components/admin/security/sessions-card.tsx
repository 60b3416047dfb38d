import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { failureText } from '../../../lib/admin-errors'
import { useTrpc } from '../../../lib/trpc'
import {
  cardClass,
  dangerButtonClass,
  ErrorAlert,
  StatusMessage,
  secondaryButtonClass,
} from '../ui/form-controls'

const formatDate = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** Settings → Security: where the owner is signed in; any other session can be revoked. */
export function SessionsCard() {
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const { data: sessions } = useSuspenseQuery(trpc.sessions.list.queryOptions())
  const revoke = useMutation(trpc.sessions.revoke.mutationOptions())
  const revokeOthers = useMutation(trpc.sessions.revokeOthers.mutationOptions())
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const headingId = useId()
  const others = sessions.filter((session) => !session.current).length

  const refresh = () => queryClient.invalidateQueries(trpc.sessions.list.queryFilter())

  async function revokeOne(id: number, browser: string) {
    setError(null)
    setNotice(null)
    try {
      await revoke.mutateAsync({ id })
      setNotice(`Signed out ${browser}.`)
    } catch (caught) {
      setError(failureText(caught, 'The session could not be revoked.'))
    }
    await refresh()
  }

  async function revokeAllOthers() {
    setError(null)
    setNotice(null)
    try {
      const { revoked } = await revokeOthers.mutateAsync()
      setNotice(
        revoked === 1 ? 'Signed out 1 other session.' : `Signed out ${revoked} other sessions.`,
      )
    } catch (caught) {
      setError(failureText(caught, 'The other sessions could not be revoked.'))
    }
    await refresh()
  }

  return (
    <section aria-labelledby={headingId} className={`space-y-4 ${cardClass}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-xl font-bold tracking-tight text-strong">
          Sessions
        </h2>
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={revokeAllOthers}
          disabled={others === 0 || revokeOthers.isPending}
        >
          Sign out everywhere else
        </button>
      </div>
      <ErrorAlert message={error} />
      <StatusMessage message={notice} />
      <ul className="divide-y divide-line rounded-control border border-line">
        {sessions.map((session) => {
          const nameId = `session-${session.id}`
          return (
            <li
              key={session.id}
              className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
            >
              <div className="min-w-0 space-y-0.5 text-sm">
                <p id={nameId} className="font-semibold text-strong">
                  {session.browser}
                  {session.current ? (
                    <span className="ml-2 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-medium text-accent-ink">
                      This device
                    </span>
                  ) : null}
                </p>
                <p className="text-muted">
                  {session.ip ?? 'Unknown address'} · signed in {formatDate(session.created_at)} ·
                  last used {formatDate(session.last_used_at)}
                </p>
              </div>
              {session.current ? null : (
                <button
                  type="button"
                  className={dangerButtonClass}
                  aria-describedby={nameId}
                  disabled={revoke.isPending && revoke.variables?.id === session.id}
                  onClick={() => revokeOne(session.id, session.browser)}
                >
                  Revoke
                </button>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
