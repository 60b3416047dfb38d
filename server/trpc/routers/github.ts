import { z } from 'zod'
import {
  githubImportInput,
  githubImportResultSchema,
  githubRefreshResultSchema,
  githubRepoListItemSchema,
} from '../../../src/schemas/github'
import { importRepositories, listOwnerRepositories, refreshNow } from '../../services/github-import'
import { adminProcedure, router } from '../init'

export const githubRouter = router({
  /** The public repositories of the profile's GitHub user, last pushed first. */
  repos: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/github/repos' } })
    .output(z.array(githubRepoListItemSchema))
    .query(({ ctx }) => listOwnerRepositories(ctx)),
  /** Each repository becomes a draft project, unless a project already links it. */
  import: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/github/import', status: 201 } })
    .input(githubImportInput)
    .output(githubImportResultSchema)
    .mutation(({ ctx, input }) => importRepositories(ctx, input.repos)),
  /** Every linked repository fetched now (at most once a minute). */
  refresh: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/github/refresh' } })
    .output(githubRefreshResultSchema)
    .mutation(({ ctx }) => refreshNow(ctx)),
})
