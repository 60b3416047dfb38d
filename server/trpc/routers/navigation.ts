import { menuSchema, navigationInput, navigationSchema } from '../../../src/schemas/navigation'
import { getMenu, getNavigation, setNavigation } from '../../services/navigation'
import { adminProcedure, publicProcedure, router } from '../init'

export const navigationRouter = router({
  /** The header's and the footer's links as every public page draws them (tRPC only). */
  menu: publicProcedure
    .meta({ cache: 'public' })
    .output(menuSchema)
    .query(({ ctx }) => getMenu(ctx.db)),
  /** Both menus as stored, and the pages there are (Settings → Navigation). */
  get: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/navigation' } })
    .output(navigationSchema)
    .query(({ ctx }) => getNavigation(ctx.db)),
  set: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/navigation' } })
    .input(navigationInput)
    .output(navigationSchema)
    .mutation(({ ctx, input }) => setNavigation(ctx.db, input, ctx.now())),
})
