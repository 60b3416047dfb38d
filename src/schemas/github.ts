import { parseRepoName } from '../domain/github'
import { z } from './zod'

/**
 * A project's GitHub repository as the server last fetched it (null in a
 * project until the first fetch, and for visitors while GitHub says it is
 * gone). `share` is the language's part of the code, 0–1.
 */
export const repoSchema = z.object({
  full_name: z.string(),
  description: z.string().nullable(),
  stars: z.number(),
  forks: z.number(),
  open_issues: z.number(),
  language: z.string().nullable(),
  languages: z.array(z.object({ name: z.string(), share: z.number() })),
  topics: z.array(z.string()),
  license: z.string().nullable(),
  archived: z.boolean(),
  pushed_at: z.string().nullable(),
  fetched_at: z.string(),
})
export type Repo = z.infer<typeof repoSchema>

/**
 * How the repository's fetch stands, for the signed-in owner only: `pending`
 * (never fetched yet), `ok`, `unavailable` (GitHub answered 404 or 451:
 * hidden from visitors) or `error` (the last fetch failed; the data before
 * it is kept and shown).
 */
export const repoSyncSchema = z.object({
  status: z.enum(['pending', 'ok', 'unavailable', 'error']),
  error: z.string().nullable(),
  error_at: z.string().nullable(),
  fetched_at: z.string().nullable(),
})
export type RepoSync = z.infer<typeof repoSyncSchema>

/** One public repository of the profile's GitHub user, for the Import from GitHub screen. */
export const githubRepoListItemSchema = z.object({
  full_name: z.string(),
  description: z.string().nullable(),
  stars: z.number(),
  language: z.string().nullable(),
  topics: z.array(z.string()),
  pushed_at: z.string().nullable(),
  fork: z.boolean(),
  archived: z.boolean(),
  /** A project already links it (`repo_url`): importing it again creates nothing. */
  imported: z.boolean(),
})
export type GithubRepoListItem = z.infer<typeof githubRepoListItemSchema>

/** At most this many repositories per import. */
export const MAX_IMPORT = 30

export const githubImportInput = z.object({
  repos: z
    .array(
      z
        .string({ error: 'Each repository must be text like owner/name.' })
        .refine((value) => parseRepoName(value) !== null, {
          message: 'Each repository must be written owner/name.',
        }),
      { error: 'Repositories must be a list like ["owner/name"].' },
    )
    .min(1, 'Choose at least one repository.')
    .max(MAX_IMPORT, `Import at most ${MAX_IMPORT} repositories at a time.`),
})
export type GithubImportInput = z.infer<typeof githubImportInput>

export const githubImportResultSchema = z.object({
  /** One draft project per repository imported, in the order asked. */
  created: z.array(z.object({ id: z.number(), slug: z.string(), title: z.string() })),
  /** The repositories not imported, each with why (already linked, not found…). */
  skipped: z.array(z.object({ full_name: z.string(), reason: z.string() })),
})
export type GithubImportResult = z.infer<typeof githubImportResultSchema>

/** What a refresh did: counts per outcome, and until when GitHub's rate limit stops requests. */
export const githubRefreshResultSchema = z.object({
  updated: z.number(),
  unchanged: z.number(),
  unavailable: z.number(),
  failed: z.number(),
  /** Still due: not fetched in this pass (the rate limit). */
  waiting: z.number(),
  rate_limited_until: z.string().nullable(),
})
export type GithubRefreshResult = z.infer<typeof githubRefreshResultSchema>
