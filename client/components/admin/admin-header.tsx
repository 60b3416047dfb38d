import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { clearToken } from '../../lib/token'
import { useTrpc } from '../../lib/trpc'
import { secondaryButtonClass } from './form-controls'

const adminLinks = [
  { to: '/admin', label: 'Dashboard' },
  { to: '/admin/profile', label: 'Profile' },
  { to: '/admin/media', label: 'Media' },
] as const

export function AdminHeader() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const trpc = useTrpc()
  const logout = useMutation(trpc.auth.logout.mutationOptions())
  const [signingOut, setSigningOut] = useState(false)

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
      setSigningOut(false)
    }
    await navigate({ to: '/login' })
  }

  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
      <nav aria-label="Admin">
        <ul className="flex flex-wrap items-center gap-x-5 gap-y-2">
          {adminLinks.map(({ to, label }) => (
            <li key={to}>
              <Link
                to={to}
                activeOptions={{ exact: true }}
                className="rounded-md text-sm font-semibold text-slate-700 hover:text-indigo-600 data-[status=active]:text-indigo-700"
              >
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <button
        type="button"
        className={secondaryButtonClass}
        onClick={signOut}
        disabled={signingOut}
      >
        Sign out
      </button>
    </div>
  )
}
