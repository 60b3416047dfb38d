import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { failureText, isUnauthorized } from '../../lib/admin-errors'
import { clearToken } from '../../lib/token'

/**
 * Sends a validated form, waits for the answer, then returns to the dashboard.
 * On failure the form stays as typed and the server's reason is shown.
 */
export function useSaveAction<T>(save: (data: T) => Promise<unknown>, fallback: string) {
  const navigate = useNavigate()
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function run(data: T) {
    setSaving(true)
    setError(null)
    try {
      await save(data)
    } catch (caught) {
      setSaving(false)
      if (isUnauthorized(caught)) {
        clearToken()
        await navigate({ to: '/login' })
        return
      }
      setError(failureText(caught, fallback))
      return
    }
    await navigate({ to: '/admin' })
  }

  return { run, saving, error, setError }
}
