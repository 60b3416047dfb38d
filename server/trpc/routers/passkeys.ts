import { z } from 'zod'
import {
  passkeyCeremonyOptions,
  passkeyIdInput,
  passkeyInfo,
  passkeyRegistrationOptionsInput,
  registerPasskeyInput,
  renamePasskeyInput,
} from '../../../src/schemas/passkeys'
import {
  listPasskeys,
  passkeyRegistrationOptions,
  registerPasskey,
  removePasskey,
  renamePasskey,
} from '../../services/auth/passkeys'
import { adminProcedure, router } from '../init'

/** Settings → Security: the owner's passkeys. Every change is in the audit log. */
export const passkeysRouter = router({
  list: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/auth/passkeys' } })
    .output(z.array(passkeyInfo))
    .query(({ ctx }) => listPasskeys(ctx, ctx.session.userId)),
  /**
   * The options for the browser's `navigator.credentials.create()`. Takes the
   * password (checked through the sign-in lockout), or none within five
   * minutes of signing in.
   */
  registrationOptions: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/auth/passkeys/options' } })
    .input(passkeyRegistrationOptionsInput)
    .output(passkeyCeremonyOptions)
    .mutation(({ ctx, input }) => passkeyRegistrationOptions(ctx, ctx.session, input.password)),
  /** The browser's answer and a name: the passkey is stored. */
  register: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/auth/passkeys', status: 201 } })
    .input(registerPasskeyInput)
    .output(passkeyInfo)
    .mutation(({ ctx, input }) => registerPasskey(ctx, ctx.session, input.name, input.response)),
  rename: adminProcedure
    .meta({ rest: { method: 'PATCH', path: '/api/auth/passkeys/:id' } })
    .input(renamePasskeyInput)
    .output(passkeyInfo)
    .mutation(({ ctx, input }) => renamePasskey(ctx, ctx.session, input.id, input.name)),
  remove: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/auth/passkeys/:id', status: 204 } })
    .input(passkeyIdInput)
    .mutation(({ ctx, input }) => removePasskey(ctx, ctx.session, input.id)),
})
