// The admin screens' stylesheet (client/admin.css), also brought by the admin controls.
import '../../../admin.css'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { type KeyboardEvent, useRef, useState } from 'react'
import { unreadCount } from '../../../lib/inbox'
import { clearToken } from '../../../lib/token'
import { useTrpc } from '../../../lib/trpc'
import { adminNavGroups } from './admin-nav'
import { dropDuplicateEntryStylesheet } from './inline-css-guard'

if (typeof document !== 'undefined') dropDuplicateEntryStylesheet()

/**
 * The admin area's navigation and Sign out. From 1024 px: a column beside the
 * screens, every group shown (it scrolls within itself on a short screen).
 * Below: a bar with a Menu button that opens the groups under it (closed
 * again by choosing a screen or Escape). Each group is a list named by its
 * visible heading (`aria-labelledby`), all inside the one "Admin" landmark.
 */
export function AdminHeader() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const trpc = useTrpc()
  const logout = useMutation(trpc.auth.logout.mutationOptions())
  const [signingOut, setSigningOut] = useState(false)
  const [open, setOpen] = useState(false)
  const menuButton = useRef<HTMLButtonElement>(null)
  // The same query as the Messages screen: reading or archiving there updates the count here.
  const unread = useQuery({
    ...trpc.messages.list.queryOptions(),
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
      // Private data (messages) must not outlive the session in memory.
      queryClient.removeQueries(trpc.messages.pathFilter())
      queryClient.removeQueries(trpc.notifications.pathFilter())
      setSigningOut(false)
    }
    await navigate({ to: '/login' })
  }

  function closeOnEscape(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'Escape' || !open) return
    setOpen(false)
    menuButton.current?.focus()
  }

  return (
    <div className="relative rounded-card border border-line bg-surface-raised p-2 shadow-card lg:sticky lg:top-24 lg:flex lg:max-h-[calc(100vh-8.5rem)] lg:flex-col lg:gap-4 lg:overflow-y-auto lg:p-3">
      <p className="hidden px-3 pt-1 text-xs font-semibold tracking-wide text-muted uppercase lg:block">
        Admin
      </p>
      <nav aria-label="Admin" className="min-w-0" onKeyDown={closeOnEscape}>
        <button
          ref={menuButton}
          type="button"
          aria-expanded={open}
          aria-controls="admin-nav-groups"
          onClick={() => setOpen((value) => !value)}
          className="inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold text-strong hover:bg-surface-sunken lg:hidden"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="size-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            {open ? <path d="M5 5l10 10M15 5L5 15" /> : <path d="M3 5h14M3 10h14M3 15h14" />}
          </svg>
          Menu
          {unread ? (
            <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-on-accent">
              {unread}
              <span className="sr-only"> unread</span>
            </span>
          ) : null}
        </button>
        <div
          id="admin-nav-groups"
          className={`${open ? 'mt-2 grid' : 'hidden'} grid-cols-[repeat(auto-fill,minmax(9rem,1fr))] gap-x-3 gap-y-4 border-t border-line pt-3 lg:mt-0 lg:flex lg:flex-col lg:gap-4 lg:border-t-0 lg:pt-0`}
        >
          {adminNavGroups.map((group) => {
            const headingId = `admin-nav-${group.id}`
            return (
              <div key={group.id} className={group.label ? undefined : 'col-span-full'}>
                {group.label ? (
                  <p
                    id={headingId}
                    className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted uppercase"
                  >
                    {group.label}
                  </p>
                ) : null}
                <ul
                  aria-labelledby={group.label ? headingId : undefined}
                  className={
                    group.label
                      ? 'flex flex-col gap-0.5'
                      : 'grid grid-cols-[repeat(auto-fill,minmax(9rem,1fr))] gap-x-3 gap-y-0.5 lg:flex lg:flex-col'
                  }
                >
                  {group.entries.map(({ label, link }) => {
                    const badge = label === 'Messages' && unread ? unread : 0
                    return (
                      <li key={label} className="relative">
                        <Link
                          {...link}
                          onClick={() => setOpen(false)}
                          aria-describedby={badge ? 'admin-nav-unread' : undefined}
                          className={`block rounded-lg px-3 py-2 text-sm font-medium text-body hover:bg-surface-sunken hover:text-strong aria-[current=page]:bg-accent-soft aria-[current=page]:font-semibold aria-[current=page]:text-accent-ink lg:py-1 ${badge ? 'pr-11' : ''}`}
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
              </div>
            )
          })}
        </div>
      </nav>
      <button
        type="button"
        className="absolute top-2 right-2 rounded-lg px-3 py-2 text-left text-sm font-medium text-muted hover:bg-surface-sunken hover:text-strong disabled:opacity-60 lg:static lg:border-t lg:border-line lg:pt-3"
        onClick={signOut}
        disabled={signingOut}
      >
        Sign out
      </button>
    </div>
  )
}
