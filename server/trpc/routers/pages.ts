import { z } from 'zod'
import { idInput } from '../../../src/schemas/id-input'
import {
  pageInput,
  pageRevisionInput,
  pageSchema,
  pageSlugInput,
  pageUpdateInput,
} from '../../../src/schemas/page'
import { revisionSchema } from '../../../src/schemas/revisions'
import {
  createPage,
  deletePage,
  getPageById,
  getPageBySlug,
  listPages,
  pageRevisions,
  restorePageRevision,
  updatePage,
} from '../../services/pages'
import { adminProcedure, publicOrAdminProcedure, router } from '../init'

/** Drafts for the signed-in admin only. */
const audienceOf = (ctx: { admin: unknown }) => ({ drafts: ctx.admin !== null })

export const pagesRouter = router({
  /** Newest edit first; drafts for the signed-in admin. */
  list: publicOrAdminProcedure
    .meta({ rest: { method: 'GET', path: '/api/pages' }, cache: 'public-unless-signed-in' })
    .output(z.array(pageSchema))
    .query(({ ctx }) => listPages(ctx.db, audienceOf(ctx))),
  /** A page by its current or former address (`/{slug}`); the page redirects a former one. */
  bySlug: publicOrAdminProcedure
    .meta({
      rest: { method: 'GET', path: '/api/pages/:slug' },
      cache: 'public-unless-signed-in',
    })
    .input(pageSlugInput)
    .output(pageSchema)
    .query(({ ctx, input }) => getPageBySlug(ctx.db, input.slug, audienceOf(ctx))),
  byId: adminProcedure
    .input(idInput)
    .output(pageSchema)
    .query(({ ctx, input }) => getPageById(ctx.db, input.id, { drafts: true })),
  create: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/pages', status: 201 } })
    .input(pageInput)
    .output(pageSchema)
    .mutation(({ ctx, input }) => createPage(ctx, input)),
  update: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/pages/:id', versioned: true } })
    .input(pageUpdateInput)
    .output(pageSchema)
    .mutation(({ ctx, input: { id, version, ...data } }) => updatePage(ctx, id, data, version)),
  delete: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/pages/:id', status: 204 } })
    .input(idInput)
    .mutation(({ ctx, input }) => deletePage(ctx.db, input.id)),
  /** The saves that changed something, newest first, each with its changes. */
  revisions: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/pages/:id/revisions' } })
    .input(idInput)
    .output(z.array(revisionSchema))
    .query(({ ctx, input }) => pageRevisions(ctx.db, input.id)),
  /** Brings back the version kept by a revision; the restore is itself a revision. */
  restoreRevision: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/pages/:id/revisions/:rev/restore' } })
    .input(pageRevisionInput)
    .output(pageSchema)
    .mutation(({ ctx, input }) => restorePageRevision(ctx, input.id, input.rev)),
})
