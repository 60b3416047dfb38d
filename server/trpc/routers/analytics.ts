import { analyticsRangeInput, analyticsSummarySchema } from '../../../src/schemas/analytics'
import { analyticsSummary } from '../../services/analytics-report'
import { adminProcedure, router } from '../init'

export const analyticsRouter = router({
  /** `GET /api/analytics?days=N` (1–366, 30 by default); the CSV is `GET /api/analytics.csv`. */
  summary: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/analytics', query: true } })
    .input(analyticsRangeInput)
    .output(analyticsSummarySchema)
    .query(async ({ ctx, input }) => {
      // What this instance counted and has not written yet is part of the answer.
      await ctx.flushAnalytics?.()
      return analyticsSummary(ctx.db, ctx.now(), input.days)
    }),
})
