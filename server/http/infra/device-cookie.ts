/**
 * The device cookie (OWASP's defence against account lockout abuse): a
 * browser that signed in successfully keeps a random token that marks it as
 * the owner's device; sign-ins presenting it are throttled per device, not
 * by the account's lockout (server/services/login-throttle.ts). Used for
 * nothing else: it grants no access by itself.
 */
import type { ServiceContext } from '../../services/context'
import { isHttps } from './client-address'

export const DEVICE_COOKIE = 'portfolio_device'
const ONE_YEAR_S = 365 * 24 * 60 * 60

/** The device token a request carries, if any. */
export function deviceTokenOf(request: Request): string | null {
  const header = request.headers.get('cookie')
  if (!header) return null
  return new Bun.CookieMap(header).get(DEVICE_COOKIE)
}

/** The Set-Cookie value for a new device token: HttpOnly, SameSite=Strict, Secure over HTTPS. */
export function deviceCookie(token: string, secure: boolean): string {
  return new Bun.Cookie(DEVICE_COOKIE, token, {
    path: '/',
    maxAge: ONE_YEAR_S,
    httpOnly: true,
    sameSite: 'strict',
    secure,
  }).toString()
}

/**
 * The context a door passes to the procedures: a new device token becomes
 * a Set-Cookie header on the answer.
 */
export function withDeviceCookie<Context extends ServiceContext>(
  ctx: Context,
  request: Request,
  headers: Headers,
): Context {
  const secure = ctx.https ?? isHttps(request, 0, null)
  return {
    ...ctx,
    rememberDevice: (token: string) => headers.append('set-cookie', deviceCookie(token, secure)),
  }
}
