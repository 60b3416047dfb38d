import {
  loginInput,
  loginResult,
  meResult,
  setupInput,
  setupStatus,
  tokenResult,
  verifyTwoFactorInput,
} from '../../../src/schemas/auth'
import { passkeyCeremonyOptions, passkeyLoginInput } from '../../../src/schemas/passkeys'
import { createFirstAdmin, setupNeeded } from '../../services/auth/first-admin'
import { passkeyLoginOptions, signInWithPasskey } from '../../services/auth/passkeys'
import { logout } from '../../services/auth/sessions'
import { login, verifyTwoFactor } from '../../services/auth/sign-in'
import { adminProcedure, publicProcedure, router } from '../init'

export const authRouter = router({
  login: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/auth/login' }, batch: false })
    .input(loginInput)
    .output(loginResult)
    .mutation(({ ctx, input }) => login(ctx, input.username, input.password)),
  /** The second step when two-factor sign-in is on: the challenge and a code give the token. */
  verifyTwoFactor: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/auth/login/2fa' }, batch: false })
    .input(verifyTwoFactorInput)
    .output(tokenResult)
    .mutation(({ ctx, input }) => verifyTwoFactor(ctx, input.challenge, input.code)),
  /**
   * A passkey sign-in starts here: a challenge for the browser's
   * `navigator.credentials.get()` (autofill or its own dialog).
   */
  passkeyOptions: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/auth/passkey/options' }, batch: false })
    .output(passkeyCeremonyOptions)
    .mutation(({ ctx }) => passkeyLoginOptions(ctx)),
  /** The browser's signed answer gives the token: a complete sign-in, no code after it. */
  passkeyLogin: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/auth/login/passkey' }, batch: false })
    .input(passkeyLoginInput)
    .output(tokenResult)
    .mutation(({ ctx, input }) => signInWithPasskey(ctx, input.response)),
  /** Whether the site still waits for its first admin (the set-up page asks). */
  setupStatus: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/setup' } })
    .output(setupStatus)
    .query(async ({ ctx }) => ({ needed: await setupNeeded(ctx.db) })),
  /** The first admin, from the one-time set-up token: signed in at once. */
  setup: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/setup', status: 201 }, batch: false })
    .input(setupInput)
    .output(tokenResult)
    .mutation(({ ctx, input }) => createFirstAdmin(ctx, input)),
  logout: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/auth/logout', status: 204 } })
    .mutation(({ ctx }) => logout(ctx.db, ctx.session.id, ctx.now())),
  me: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/auth/me' } })
    .output(meResult)
    .query(({ ctx }) => ({
      username: ctx.session.username,
      expires_at: ctx.session.expiresAt.toISOString(),
    })),
})
