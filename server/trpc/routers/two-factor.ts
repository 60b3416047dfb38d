import {
  disableTwoFactorInput,
  enableTwoFactorInput,
  setupTwoFactorInput,
  twoFactorEnabled,
  twoFactorSetup,
  twoFactorStatus,
} from '../../../src/schemas/security'
import { InvalidInputError } from '../../errors'
import { confirmIdentity } from '../../services/auth/sign-in'
import {
  enableTwoFactor,
  regenerateRecoveryCodes,
  removeTwoFactor,
  startTwoFactor,
  twoFactorOf,
} from '../../services/auth/two-factor'
import { adminProcedure, router } from '../init'

/** Settings → Security: the owner's second factor. Every change is in the audit log. */
export const twoFactorRouter = router({
  status: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/auth/2fa' } })
    .output(twoFactorStatus)
    .query(async ({ ctx }) => {
      const row = await twoFactorOf(ctx.db, ctx.session.userId)
      return {
        enabled: Boolean(row?.enabledAt),
        enabled_at: row?.enabledAt?.toISOString() ?? null,
        recovery_codes_left: row?.enabledAt ? row.recoveryLeft : 0,
      }
    }),
  /**
   * A new secret, shown this once (the QR code and its text); nothing changes until `enable`.
   * Takes the password, checked through the sign-in lockout, before anything else.
   */
  setup: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/auth/2fa/setup' } })
    .input(setupTwoFactorInput)
    .output(twoFactorSetup)
    .mutation(async ({ ctx, input }) => {
      if (!(await confirmIdentity(ctx, ctx.session, { password: input.password }))) {
        throw new InvalidInputError('That password is not right.')
      }
      return startTwoFactor(ctx.db, ctx.session.userId, ctx.session.username, ctx.now())
    }),
  enable: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/auth/2fa/enable' } })
    .input(enableTwoFactorInput)
    .output(twoFactorEnabled)
    .mutation(({ ctx, input }) =>
      enableTwoFactor(ctx.db, ctx.session.userId, input.code, ctx.now()),
    ),
  disable: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/auth/2fa/disable', status: 204 } })
    .input(disableTwoFactorInput)
    .mutation(async ({ ctx, input }) => {
      if (!(await confirmIdentity(ctx, ctx.session, input))) {
        throw new InvalidInputError(
          input.password ? 'That password is not right.' : 'That code is not right.',
        )
      }
      await removeTwoFactor(ctx.db, ctx.session.userId)
    }),
  /** Ten new recovery codes, shown this once; the old ones stop working. Takes the password or a current code. */
  recoveryCodes: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/auth/2fa/recovery-codes' } })
    .input(disableTwoFactorInput)
    .output(twoFactorEnabled)
    .mutation(async ({ ctx, input }) => {
      if (!(await confirmIdentity(ctx, ctx.session, input))) {
        throw new InvalidInputError(
          input.password ? 'That password is not right.' : 'That code is not right.',
        )
      }
      return regenerateRecoveryCodes(ctx.db, ctx.session.userId, ctx.now())
    }),
})
