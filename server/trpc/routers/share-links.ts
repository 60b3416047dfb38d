import { z } from 'zod'
import {
  shareLinkIdInput,
  shareLinkInput,
  shareLinkSchema,
  shareLinkStatsSchema,
} from '../../../src/schemas/analytics'
import { createShareLink, deleteShareLink, listShareLinks } from '../../services/share-links'
import { adminProcedure, router } from '../init'

/** Named links for applications: `/r/{code}` leads to a page and its views are counted for the link. */
export const shareLinksRouter = router({
  list: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/share-links' } })
    .output(z.array(shareLinkStatsSchema))
    .query(async ({ ctx }) => {
      // What this instance counted and has not written yet is part of the answer.
      await ctx.flushAnalytics?.()
      return listShareLinks(ctx.db)
    }),
  create: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/share-links', status: 201 } })
    .input(shareLinkInput)
    .output(shareLinkSchema)
    .mutation(({ ctx, input }) => createShareLink(ctx.db, input)),
  /** The link stops working (404); what came through it stays in the site's totals. */
  delete: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/share-links/:id', status: 204 } })
    .input(shareLinkIdInput)
    .mutation(({ ctx, input }) => deleteShareLink(ctx.db, input.id)),
})
