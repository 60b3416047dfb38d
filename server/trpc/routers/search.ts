import { searchInput, searchOutput } from '../../../src/schemas/search'
import { searchSite } from '../../services/search'
import { publicProcedure, router } from '../init'

export const searchRouter = router({
  /** `GET /api/search?q=`: public content only, for everyone; reads the query string, so never shared-cached. */
  query: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/search', query: true } })
    .input(searchInput)
    .output(searchOutput)
    .query(async ({ ctx, input }) => ({ results: await searchSite(ctx.db, input.q) })),
})
