import { z } from 'zod'
import {
  projectIdInput,
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
  list: publicProcedure.output(z.array(projectSchema)).query(({ ctx }) => listProjects(ctx.db)),
  bySlug: publicProcedure
    .input(projectSlugInput)
    .output(projectSchema)
    .query(({ ctx, input }) => getProjectBySlug(ctx.db, input.slug)),
  byId: publicProcedure
    .input(projectIdInput)
    .output(projectSchema)
    .query(({ ctx, input }) => getProjectById(ctx.db, input.id)),
  create: adminProcedure
    .input(projectInput)
    .output(projectSchema)
    .mutation(({ ctx, input }) => createProject(ctx.db, input)),
  update: adminProcedure
    .input(projectUpdateInput)
    .output(projectSchema)
    .mutation(({ ctx, input: { id, ...data } }) => updateProject(ctx.db, id, data)),
  delete: adminProcedure
    .input(projectIdInput)
    .mutation(({ ctx, input }) => deleteProject(ctx.db, input.id)),
})
