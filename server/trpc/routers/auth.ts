import { loginInput, loginResult, meResult } from '../../../src/schemas/auth'
import { login, logout } from '../../services/auth'
import { adminProcedure, publicProcedure, router } from '../init'

export const authRouter = router({
  login: publicProcedure
    .input(loginInput)
    .output(loginResult)
    .mutation(({ ctx, input }) => login(ctx, input.username, input.password)),
  logout: adminProcedure.mutation(({ ctx }) => logout(ctx.db, ctx.session.id, ctx.now())),
  me: adminProcedure.output(meResult).query(({ ctx }) => ({
    username: ctx.session.username,
    expires_at: ctx.session.expiresAt.toISOString(),
  })),
})
