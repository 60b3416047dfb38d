import { appearanceInput, appearanceSchema } from '../../../src/schemas/appearance'
import { getAppearance, setAppearance } from '../../services/appearance'
import { adminProcedure, publicProcedure, router } from '../init'

export const appearanceRouter = router({
  /** The site style every public page is rendered in, and the styles there are. */
  get: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/appearance' }, cache: 'public' })
    .output(appearanceSchema)
    .query(({ ctx }) => getAppearance(ctx.db)),
  set: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/appearance' } })
    .input(appearanceInput)
    .output(appearanceSchema)
    .mutation(({ ctx, input }) => setAppearance(ctx.db, input.style, ctx.now())),
})
