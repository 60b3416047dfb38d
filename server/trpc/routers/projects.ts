import { z } from 'zod'
import { idInput } from '../../../src/schemas/id-input'
import {
  projectInput,
  projectSchema,
  projectSlugInput,
  projectUpdateInput,
} from '../../../src/schemas/project'
import {
  createProject,
  deleteProject,
  getProjectById,
  getProjectBySlug,
  listProjects,
  updateProject,
} from '../../services/projects'
import { adminProcedure, publicProcedure, router } from '../init'

export const projectsRouter = router({
  list: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/projects' }, cache: 'public' })
    .output(z.array(projectSchema))
    .query(({ ctx }) => listProjects(ctx.db)),
  bySlug: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/projects/:slug' }, cache: 'public' })
    .input(projectSlugInput)
    .output(projectSchema)
    .query(({ ctx, input }) => getProjectBySlug(ctx.db, input.slug)),
  byId: publicProcedure
    .meta({ cache: 'public' })
    .input(idInput)
    .output(projectSchema)
    .query(({ ctx, input }) => getProjectById(ctx.db, input.id)),
  create: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/projects', status: 201 } })
    .input(projectInput)
    .output(projectSchema)
    .mutation(({ ctx, input }) => createProject(ctx.db, input)),
  update: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/projects/:id' } })
    .input(projectUpdateInput)
    .output(projectSchema)
    .mutation(({ ctx, input: { id, ...data } }) => updateProject(ctx.db, id, data)),
  delete: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/projects/:id', status: 204 } })
    .input(idInput)
    .mutation(({ ctx, input }) => deleteProject(ctx.db, input.id)),
})
