import { loginInput, loginResult, meResult } from '../../../src/schemas/auth'
import { login, logout } from '../../services/auth'
import { adminProcedure, publicProcedure, router } from '../init'

export const authRouter = router({
  login: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/auth/login' }, batch: false })
    .input(loginInput)
    .output(loginResult)
    .mutation(({ ctx, input }) => login(ctx, input.username, input.password)),
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
