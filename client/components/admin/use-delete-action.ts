import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { failureText, isUnauthorized } from '../../lib/admin-errors'
import { httpStatusOf } from '../../lib/api-errors'
import { clearToken } from '../../lib/token'

interface DeleteActionOptions {
  /** The exact confirmation question from the spec. */
  question: string
  /** Shown when the server gives no readable reason. */
  fallback: string
  remove: (id: number) => Promise<unknown>
  /** Reloads the list; awaited so the row is gone when the button frees up. */
  refresh: () => Promise<unknown>
}

/** Confirm, delete, reload the list; failures stay visible next to the list. */
export function useDeleteAction({ question, fallback, remove, refresh }: DeleteActionOptions) {
  const navigate = useNavigate()
  const [pendingId, setPendingId] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)

  async function run(id: number) {
    if (!window.confirm(question)) return
    setError(null)
    setPendingId(id)
    try {
      await remove(id)
      await refresh()
    } catch (caught) {
      if (isUnauthorized(caught)) {
        clearToken()
        await navigate({ to: '/login' })
        return
      }
      setError(failureText(caught, fallback))
      // Someone else removed it first: the list is stale, show what is left.
      if (httpStatusOf(caught) === 404) await refresh().catch(() => undefined)
    } finally {
      setPendingId(null)
    }
  }

  return { run, pendingId, error }
}
