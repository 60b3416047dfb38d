import { checklistVisibilityInput, overviewSchema } from '../../../src/schemas/overview'
import { adminOverview, setChecklistHidden } from '../../services/admin-overview'
import { adminProcedure, router } from '../init'

export const overviewRouter = router({
  /** The admin home's figures and the "Get started" checklist, read from the data. */
  get: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/overview' } })
    .output(overviewSchema)
    .query(({ ctx }) => adminOverview(ctx, ctx.session.userId)),
  /** Puts the checklist away (`hidden: true`) or brings it back. */
  setChecklistHidden: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/overview/checklist', status: 204 } })
    .input(checklistVisibilityInput)
    .mutation(({ ctx, input }) => setChecklistHidden(ctx.db, input.hidden, ctx.now())),
})
