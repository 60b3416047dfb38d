// The admin screens' stylesheet (client/admin.css), also brought by the admin controls.
import '../../admin.css'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { unreadCount } from '../../lib/inbox'
import { clearToken } from '../../lib/token'
import { useTrpc } from '../../lib/trpc'
import { adminNav } from './admin-nav'
import { dropDuplicateEntryStylesheet } from './inline-css-guard'

if (typeof document !== 'undefined') dropDuplicateEntryStylesheet()

/**
 * The admin area's navigation and Sign out: a column beside the screens on a
 * wide screen, a wrapping row of links above them on a narrow one.
 */
export function AdminHeader() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const trpc = useTrpc()
  const logout = useMutation(trpc.auth.logout.mutationOptions())
  const [signingOut, setSigningOut] = useState(false)
  // The same query as the Messages screen: reading or archiving there updates the count here.
  const unread = useQuery({
    ...trpc.contact.list.queryOptions(),
    select: unreadCount,
  }).data

  async function signOut() {
    setSigningOut(true)
    try {
      // Revoke on the server; an expired or already revoked token is fine too.
      await logout.mutateAsync()
    } catch {
      // The local sign-out below happens whatever the server said.
    } finally {
      clearToken()
      // Private data (contact messages) must not outlive the session in memory.
      queryClient.removeQueries(trpc.contact.pathFilter())
      queryClient.removeQueries(trpc.notifications.pathFilter())
      setSigningOut(false)
    }
    await navigate({ to: '/login' })
  }

  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 rounded-card border border-line bg-surface-raised p-2 shadow-card lg:sticky lg:top-24 lg:flex-col lg:items-stretch lg:gap-4 lg:p-3">
      <p className="hidden px-3 pt-1 text-xs font-semibold tracking-wide text-muted uppercase lg:block">
        Admin
      </p>
      <nav aria-label="Admin" className="min-w-0">
        <ul className="flex flex-wrap gap-1 lg:flex-col">
          {adminNav.map(({ label, link }) => {
            const badge = label === 'Messages' && unread ? unread : 0
            return (
              <li key={label} className="relative">
                <Link
                  {...link}
                  aria-describedby={badge ? 'admin-nav-unread' : undefined}
                  className={`block rounded-lg px-3 py-2 text-sm font-medium text-body hover:bg-surface-sunken hover:text-strong aria-[current=page]:bg-accent-soft aria-[current=page]:font-semibold aria-[current=page]:text-accent-ink ${badge ? 'pr-11' : ''}`}
                >
                  {label}
                </Link>
                {badge ? (
                  // Outside the link, so its name stays "Messages"; tied to it as its description.
                  <span
                    id="admin-nav-unread"
                    className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-on-accent"
                  >
                    {badge}
                    <span className="sr-only"> unread</span>
                  </span>
                ) : null}
              </li>
            )
          })}
        </ul>
      </nav>
      <button
        type="button"
        className="rounded-lg px-3 py-2 text-left text-sm font-medium text-muted hover:bg-surface-sunken hover:text-strong disabled:opacity-60 lg:border-t lg:border-line lg:pt-3"
        onClick={signOut}
        disabled={signingOut}
      >
        Sign out
      </button>
    </div>
  )
}
