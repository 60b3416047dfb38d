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

/** The server's sentence when a restore from a backup ended the session. */
const NOTICE_KEY = 'session-ended-notice'
/** The admin address to go back to once signed in again. */
const RETURN_KEY = 'session-return'
const RESTORED = /^The site was restored from a backup at /

/**
 * A 401: the token is no longer valid. Forget it and leave word for /login:
 * why (the server's notice when a restore ended it) and where the owner was.
 */
export function endSession(serverMessage?: string | null, returnTo?: string): void {
  clearToken()
  const store = sessionStore()
  store?.setItem(SESSION_ENDED_KEY, '1')
  if (serverMessage && RESTORED.test(serverMessage)) store?.setItem(NOTICE_KEY, serverMessage)
  else store?.removeItem(NOTICE_KEY)
  if (returnTo?.startsWith('/admin')) store?.setItem(RETURN_KEY, returnTo)
}

/** The restore notice left by the last 401, if any. */
export function sessionNotice(): string | null {
  return sessionStore()?.getItem(NOTICE_KEY) ?? null
}

/** Where to go after signing in again (once; the admin's dashboard when none). */
export function takeReturnPath(): string | null {
  const store = sessionStore()
  const path = store?.getItem(RETURN_KEY) ?? null
  store?.removeItem(RETURN_KEY)
  return path
}

/** Whether the last visit to the admin ended with a 401. */
export function sessionEnded(): boolean {
  return sessionStore()?.getItem(SESSION_ENDED_KEY) === '1'
}

/** The notice was shown: the next visit to /login starts plain. */
export function forgetSessionEnded(): void {
  sessionStore()?.removeItem(SESSION_ENDED_KEY)
  sessionStore()?.removeItem(NOTICE_KEY)
}
