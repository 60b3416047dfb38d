import { z } from 'zod'
import { revokedSessions, sessionIdInput, sessionInfo } from '../../../src/schemas/security'
import { listSessions, revokeOtherSessions, revokeSession } from '../../services/auth/sessions'
import { adminProcedure, router } from '../init'

/** Settings → Security: where the owner is signed in. */
export const sessionsRouter = router({
  list: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/auth/sessions' } })
    .output(z.array(sessionInfo))
    .query(({ ctx }) => listSessions(ctx, ctx.session)),
  revoke: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/auth/sessions/:id', status: 204 } })
    .input(sessionIdInput)
    .mutation(({ ctx, input }) => revokeSession(ctx, ctx.session, input.id)),
  revokeOthers: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/auth/sessions/revoke-others' } })
    .output(revokedSessions)
    .mutation(({ ctx }) => revokeOtherSessions(ctx, ctx.session)),
})
