/*
 * Why the sign-in page is shown: after a 401 (the session expired or was
 * revoked) it says so. Kept out of token.ts, which every public page loads:
 * only admin code and the sign-in screen need this.
 */
import { clearToken } from './token'

/** Set when a 401 ended the session, so the sign-in page can say why the visitor is there. */
const SESSION_ENDED_KEY = 'session-ended'

function sessionStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage
  } catch {
    return null
  }
}

/** A 401: the token is no longer valid. Forget it and leave word for /login. */
export function endSession(): void {
  clearToken()
  sessionStore()?.setItem(SESSION_ENDED_KEY, '1')
}

/** Whether the last visit to the admin ended with a 401. */
export function sessionEnded(): boolean {
  return sessionStore()?.getItem(SESSION_ENDED_KEY) === '1'
}

/** The notice was shown: the next visit to /login starts plain. */
export function forgetSessionEnded(): void {
  sessionStore()?.removeItem(SESSION_ENDED_KEY)
}
