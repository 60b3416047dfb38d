import { useNavigate } from '@tanstack/react-router'
import { isUnauthorized } from '../../../lib/admin-errors'
import { serverMessageOf } from '../../../lib/api-errors'
import { endSession } from '../../../lib/session-ended'
import { UploadError } from '../media/media-upload'

/**
 * For a failed admin call (tRPC, or an upload): a 401 means the session is
 * over, so the stored token is forgotten and the visitor signs in again.
 * Resolves true when it was a 401 (the caller shows nothing more).
 */
export function useSessionEnd(): (error: unknown, before?: () => void) => Promise<boolean> {
  const navigate = useNavigate()
  return async (error, before) => {
    const unauthorized =
      isUnauthorized(error) || (error instanceof UploadError && error.status === 401)
    if (!unauthorized) return false
    before?.()
    // Back here after the sign-in; the server's reason (a restore) shown on the way.
    const here = `${window.location.pathname}${window.location.search}`
    endSession(error instanceof UploadError ? null : serverMessageOf(error), here)
    await navigate({ to: '/login' })
    return true
  }
}
