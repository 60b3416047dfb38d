import { analyticsCsv } from '../../../src/domain/analytics-csv'
import { analyticsSummarySchema } from '../../../src/schemas/analytics'
import type { Context } from '../../trpc/context'
import { callRestRead } from '../api/rest'

/**
 * `GET /api/analytics.csv?days=N`: the summary of `GET /api/analytics` as
 * CSV, through the same procedure called as the REST door calls it (the
 * same sign-in check, validation and errors, answered as JSON), for a
 * download.
 */
export async function analyticsCsvResponse(request: Request, ctx: Context): Promise<Response> {
  const called = await callRestRead(request, ctx, '/api/analytics')
  if (!called.ok) return called.response
  const summary = analyticsSummarySchema.parse(called.data)
  const today = ctx.now().toISOString().slice(0, 10)
  return new Response(analyticsCsv(summary), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="analytics-${today}-${summary.daily.length}d.csv"`,
      'cache-control': 'no-store',
    },
  })
}
