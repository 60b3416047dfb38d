import { auditListInput, auditPage } from '../../../src/schemas/security'
import { listAudit } from '../../services/audit'
import { adminProcedure, router } from '../init'

export const auditRouter = router({
  /** Newest first, filtered by kind and days; `before` pages back. */
  list: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/audit', query: true } })
    .input(auditListInput)
    .output(auditPage)
    .query(({ ctx, input }) => listAudit(ctx.db, input)),
})
