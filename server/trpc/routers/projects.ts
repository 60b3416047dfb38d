import { z } from 'zod'
import { idInput } from '../../../src/schemas/id-input'
import { orderInput } from '../../../src/schemas/order'
import {
  nextProjectSchema,
  projectInput,
  projectSchema,
  projectSlugInput,
  projectUpdateInput,
} from '../../../src/schemas/project'
import { projectRevisionInput, revisionSchema } from '../../../src/schemas/revisions'
import {
  createProject,
  deleteProject,
  getNextProject,
  getProjectById,
  getProjectBySlug,
  listFeaturedProjects,
  listProjects,
  projectRevisions,
  reorderProjects,
  restoreProjectRevision,
  updateProject,
} from '../../services/projects'
import { adminProcedure, publicOrAdminProcedure, publicProcedure, router } from '../init'

/** Drafts for the signed-in admin only. */
const audienceOf = (ctx: { admin: unknown }) => ({ drafts: ctx.admin !== null })

export const projectsRouter = router({
  list: publicOrAdminProcedure
    .meta({ rest: { method: 'GET', path: '/api/projects' }, cache: 'public-unless-signed-in' })
    .output(z.array(projectSchema))
    .query(({ ctx }) => listProjects(ctx.db, audienceOf(ctx))),
  /** The home page's Featured Projects (tRPC only): published and featured, for everyone alike. */
  featured: publicProcedure
    .meta({ cache: 'public' })
    .output(z.array(projectSchema))
    .query(({ ctx }) => listFeaturedProjects(ctx.db)),
  bySlug: publicOrAdminProcedure
    .meta({
      rest: { method: 'GET', path: '/api/projects/:slug' },
      cache: 'public-unless-signed-in',
    })
    .input(projectSlugInput)
    .output(projectSchema)
    .query(({ ctx, input }) => getProjectBySlug(ctx.db, input.slug, audienceOf(ctx))),
  /** The project page's "next project" link (tRPC only); 404 as bySlug. */
  next: publicOrAdminProcedure
    .meta({ cache: 'public-unless-signed-in' })
    .input(projectSlugInput)
    .output(nextProjectSchema)
    .query(({ ctx, input }) => getNextProject(ctx.db, input.slug, audienceOf(ctx))),
  byId: publicOrAdminProcedure
    .meta({ cache: 'public-unless-signed-in' })
    .input(idInput)
    .output(projectSchema)
    .query(({ ctx, input }) => getProjectById(ctx.db, input.id, audienceOf(ctx))),
  create: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/projects', status: 201 } })
    .input(projectInput)
    .output(projectSchema)
    .mutation(async ({ ctx, input }) => {
      const project = await createProject(ctx.db, input)
      // Its GitHub repository, if it links one, is fetched right after.
      ctx.kickGitHub?.()
      return project
    }),
  update: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/projects/:id', versioned: true } })
    .input(projectUpdateInput)
    .output(projectSchema)
    .mutation(async ({ ctx, input: { id, version, ...data } }) => {
      const project = await updateProject(ctx.db, id, data, version)
      ctx.kickGitHub?.()
      return project
    }),
  /** Every project's id once, in the new order; a literal path, so it wins over `:id`. */
  reorder: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/projects/order', status: 204 } })
    .input(orderInput)
    .mutation(({ ctx, input }) => reorderProjects(ctx.db, input.ids)),
  delete: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/projects/:id', status: 204 } })
    .input(idInput)
    .mutation(({ ctx, input }) => deleteProject(ctx.db, input.id)),
  /** The saves that changed something, newest first, each with its changes. */
  revisions: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/projects/:id/revisions' } })
    .input(idInput)
    .output(z.array(revisionSchema))
    .query(({ ctx, input }) => projectRevisions(ctx.db, input.id)),
  /** Brings back the version kept by a revision; the restore is itself a revision. */
  restoreRevision: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/projects/:id/revisions/:rev/restore' } })
    .input(projectRevisionInput)
    .output(projectSchema)
    .mutation(({ ctx, input }) =>
      restoreProjectRevision(ctx.db, input.id, input.rev, {
        restorePublished: input.restore_published,
      }),
    ),
})
