import { type ErrorComponentProps, useNavigate, useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { failureText, isUnauthorized } from '../../../lib/admin-errors'
import { endSession } from '../../../lib/session-ended'
import { ErrorAlert, primaryButtonClass } from '../ui/form-controls'

/**
 * Errors from admin loads that the loaders did not turn into a redirect (for
 * example a list refetch after the session ended). A 401 still ends at /login.
 */
export function AdminErrorPage({ error }: ErrorComponentProps) {
  const router = useRouter()
  const navigate = useNavigate()
  const unauthorized = isUnauthorized(error)

  useEffect(() => {
    if (!unauthorized) return
    endSession()
    void navigate({ to: '/login' })
  }, [unauthorized, navigate])

  if (unauthorized) return null
  return (
    <section className="space-y-4 card p-6">
      <h1 className="text-xl font-bold text-strong">Something went wrong.</h1>
      <ErrorAlert message={failureText(error, 'The data could not be loaded.')} />
      <button type="button" className={primaryButtonClass} onClick={() => router.invalidate()}>
        Try again
      </button>
    </section>
  )
}
