import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { failureText } from '../../../lib/admin-errors'
import { serverFieldsOf } from '../../../lib/api-errors'
import { useSessionEnd } from './use-session-end'

export interface SaveOptions {
  /** What follows a save; by default the dashboard. */
  onSaved?: () => void
  /** The server's messages per field, when it refused the input (400 with `fields`). */
  onFields?: (fields: Record<string, string>) => void
  /** Just before a 401 sends the owner to sign in again (the form keeps a draft). */
  onSessionEnded?: () => void
  /** A failure the form answers itself (a version conflict's dialog): true, and no error is shown. */
  onHandled?: (caught: unknown) => boolean
}

/**
 * Sends a validated form, waits for the answer, then returns to the dashboard
 * (or does `onSaved`). On failure the form stays as typed and the server's
 * reason is shown.
 */
export function useSaveAction<T>(
  save: (data: T) => Promise<unknown>,
  fallback: string,
  options: SaveOptions = {},
) {
  const navigate = useNavigate()
  const endSession = useSessionEnd()
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function run(data: T) {
    setSaving(true)
    setError(null)
    try {
      await save(data)
    } catch (caught) {
      setSaving(false)
      if (await endSession(caught, options.onSessionEnded)) return
      if (options.onHandled?.(caught)) return
      const fields = serverFieldsOf(caught)
      if (fields) options.onFields?.(fields)
      setError(failureText(caught, fallback))
      return
    }
    if (options.onSaved) {
      setSaving(false)
      options.onSaved()
      return
    }
    await navigate({ to: '/admin' })
  }

  return { run, saving, error, setError }
}
