/**
 * Repository data kept fresh in the database (`github_repositories`), and
 * GitHub's rate limit kept there too (`github_state`), so every instance on
 * the database fetches each repository once per refresh and none asks
 * GitHub while it says to wait. Pages never call GitHub: they read the rows.
 */
import { eq, inArray, isNotNull, lte, notInArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import { repoNameFromUrl } from '../../../src/domain/github'
import type { Repo, RepoSync } from '../../../src/schemas/github'
import type { GitHubSettings } from '../../config'
import type { Db } from '../../db/client'
import { bumpContentVersion } from '../../db/content-version'
import { githubRepositories, githubState, projects, type StoredRepository } from '../../db/schema'
import type { Logger } from '../../log'
import { type GitHubApi, GitHubRateLimited, GitHubUnreachable } from './api'

export type RepositoryRow = typeof githubRepositories.$inferSelect

/** What the refresh needs: the database, the settings, GitHub, a log. */
export interface GitHubDeps {
  db: Db
  settings: GitHubSettings
  api: GitHubApi
  log: Logger
}

const count = z.number().int().nonnegative().catch(0)
const optionalText = z.string().nullish().catch(null)

/** The fields of `GET /repos/{owner}/{repo}` the server keeps; anything odd in them reads as absent. */
const repoBody = z.object({
  full_name: z.string(),
  description: optionalText,
  stargazers_count: count,
  forks_count: count,
  open_issues_count: count,
  language: optionalText,
  topics: z.array(z.string()).catch([]).default([]),
  license: z.object({ spdx_id: optionalText, name: optionalText }).nullish().catch(null),
  archived: z.boolean().catch(false).default(false),
  pushed_at: optionalText,
  html_url: z.string(),
  homepage: optionalText,
  default_branch: z.string().catch('main').default('main'),
  fork: z.boolean().catch(false).default(false),
})
export type RepoBody = z.infer<typeof repoBody>

export function parseRepoBody(body: unknown): RepoBody {
  const parsed = repoBody.safeParse(body)
  if (!parsed.success) throw new GitHubUnreachable('GitHub answered with an unexpected repository.')
  return parsed.data
}

/** `{ "TypeScript": 1234, … }` (bytes of code) → shares of the whole, largest first. */
export function languageShares(body: unknown): StoredRepository['languages'] {
  const parsed = z.record(z.string(), z.number().nonnegative()).safeParse(body)
  if (!parsed.success) return []
  const entries = Object.entries(parsed.data)
  const total = entries.reduce((sum, [, bytes]) => sum + bytes, 0)
  if (total === 0) return []
  return entries
    .map(([name, bytes]) => ({ name, share: Math.round((bytes / total) * 1000) / 1000 }))
    .sort((a, b) => b.share - a.share || a.name.localeCompare(b.name))
}

function licenseName(license: RepoBody['license']): string | null {
  if (!license) return null
  // GitHub's "NOASSERTION": a licence file it could not identify.
  if (license.spdx_id && license.spdx_id !== 'NOASSERTION') return license.spdx_id
  return license.name ?? null
}

/** Without NUL characters, which PostgreSQL refuses in text and JSON (GitHub's text is anyone's). */
function withoutNul<T>(value: T): T {
  return JSON.parse(JSON.stringify(value), (_key, item) =>
    typeof item === 'string' ? item.replaceAll('\0', '') : item,
  ) as T
}

/**
 * The name a repository is shown under: the one asked for (`owner/name`),
 * in GitHub's own letter case when its answer names the same repository;
 * never another name from the answer (it could hold anything, markup and
 * `../` included).
 */
export function shownFullName(asked: string, answered: string): string {
  return answered.toLowerCase() === asked.toLowerCase() ? answered : asked
}

export function storedRepository(
  body: RepoBody,
  languages: StoredRepository['languages'],
  asked: string,
): StoredRepository {
  const fullName = shownFullName(asked, body.full_name)
  return withoutNul({
    full_name: fullName,
    description: body.description ?? null,
    stars: body.stargazers_count,
    forks: body.forks_count,
    open_issues: body.open_issues_count,
    language: body.language ?? null,
    languages,
    topics: body.topics,
    license: licenseName(body.license),
    archived: body.archived,
    pushed_at: body.pushed_at ?? null,
    html_url: `https://github.com/${fullName}`,
    homepage: body.homepage ?? null,
    default_branch: body.default_branch,
  })
}

/** The `repo` of a project answer: none before the first fetch, and none for visitors once GitHub says it is gone. */
export function repoOf(row: RepositoryRow | undefined, drafts: boolean): Repo | null {
  if (!row?.data || !row.fetched_at) return null
  if (row.status === 'unavailable' && !drafts) return null
  const { html_url: _url, homepage: _home, default_branch: _branch, ...data } = row.data
  return { ...data, fetched_at: row.fetched_at.toISOString() }
}

/** The owner's view of the fetch: `pending` until there is a row that was tried. */
export function repoSyncOf(row: RepositoryRow | undefined): RepoSync {
  return {
    status: row?.status ?? 'pending',
    error: row?.last_error ?? null,
    error_at: row?.last_error_at?.toISOString() ?? null,
    fetched_at: row?.fetched_at?.toISOString() ?? null,
  }
}

/** The rows of these repositories (lower-cased keys), by key. */
export async function repositoriesByKey(
  db: Pick<Db, 'select'>,
  keys: string[],
): Promise<Map<string, RepositoryRow>> {
  const unique = [...new Set(keys)]
  if (unique.length === 0) return new Map()
  const rows = await db
    .select()
    .from(githubRepositories)
    .where(inArray(githubRepositories.key, unique))
  return new Map(rows.map((row) => [row.key, row]))
}

/** Every repository a project links, by key. */
export async function linkedRepositoryKeys(db: Pick<Db, 'select'>): Promise<Set<string>> {
  const rows = await db
    .select({ repo_url: projects.repo_url })
    .from(projects)
    .where(isNotNull(projects.repo_url))
  const keys = new Set<string>()
  for (const row of rows) {
    const name = repoNameFromUrl(row.repo_url)
    if (name) keys.add(name.key)
  }
  return keys
}

/**
 * A row for every repository a project links (due at once when new), none
 * for a repository no project links any more. Also what makes a restored
 * backup or a JSON Resume import's projects show their repositories.
 */
export async function syncRepositoryRows(db: Db, now: Date): Promise<void> {
  const keys = [...(await linkedRepositoryKeys(db))]
  if (keys.length > 0) {
    await db
      .insert(githubRepositories)
      .values(keys.map((key) => ({ key, next_fetch_at: now, created_at: now, updated_at: now })))
      .onConflictDoNothing()
  }
  await db
    .delete(githubRepositories)
    .where(keys.length > 0 ? notInArray(githubRepositories.key, keys) : undefined)
}

/** Until when GitHub's rate limit stops every request (null: requests may go). */
export async function rateLimitedUntil(db: Pick<Db, 'select'>, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ blocked_until: githubState.blocked_until })
    .from(githubState)
    .where(eq(githubState.id, 1))
  const until = row?.blocked_until ?? null
  return until && until > now ? until : null
}

/** Records GitHub's "no requests until", for every instance; a later limit already known wins. */
export async function recordRateLimit(db: Db, until: Date): Promise<void> {
  await db
    .insert(githubState)
    .values({ id: 1, blocked_until: until })
    .onConflictDoUpdate({
      target: githubState.id,
      set: {
        blocked_until: sql`greatest(${githubState.blocked_until}, excluded.blocked_until)`,
        updated_at: sql`now()`,
      },
    })
}

/** Takes the next due repository for this instance: moved on by the lease, skipped by the others. */
export async function claimDueRepository(
  db: Db,
  now: Date,
  leaseMs: number,
): Promise<RepositoryRow | null> {
  const [row] = await db
    .update(githubRepositories)
    .set({ next_fetch_at: new Date(now.getTime() + leaseMs) })
    .where(
      eq(
        githubRepositories.key,
        sql`(select ${githubRepositories.key} from ${githubRepositories}
             where ${githubRepositories.next_fetch_at} <= ${now.toISOString()}::timestamptz
             order by ${githubRepositories.next_fetch_at}, ${githubRepositories.key}
             limit 1 for update skip locked)`,
      ),
    )
    .returning()
  return row ?? null
}

type Outcome = 'updated' | 'unchanged' | 'unavailable' | 'failed'

const repoPath = (key: string) => {
  const [owner = '', name = ''] = key.split('/')
  return `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`
}

/**
 * Fetches one claimed repository and stores the outcome. A 304 keeps the
 * data and moves `fetched_at`; a 404 or 451 marks it unavailable (the data
 * kept for the owner); any other failure keeps the data, records the error
 * and tries again after `retryMs`. Rate limited: the row is due again when
 * the limit ends, and the error goes up to stop the pass.
 */
export async function fetchRepository(
  deps: GitHubDeps,
  row: RepositoryRow,
  now: Date,
): Promise<Outcome> {
  const { db, settings, api } = deps
  const write = (values: Partial<RepositoryRow>) =>
    db
      .update(githubRepositories)
      .set({ ...values, updated_at: now })
      .where(eq(githubRepositories.key, row.key))
  try {
    const answer = await api.get(repoPath(row.key), { etag: row.data ? row.etag : null, now })
    const next_fetch_at = new Date(now.getTime() + settings.refreshMs)
    if (answer.status === 304 && row.data) {
      await write({ status: 'ok', fetched_at: now, next_fetch_at, last_error: null })
      return 'unchanged'
    }
    if (answer.status === 404 || answer.status === 451) {
      await write({
        status: 'unavailable',
        last_error:
          answer.status === 404
            ? 'GitHub has no public repository at this address (404).'
            : 'GitHub withholds this repository for legal reasons (451).',
        last_error_at: now,
        next_fetch_at,
      })
      return 'unavailable'
    }
    if (answer.status !== 200) throw new GitHubUnreachable(`GitHub answered ${answer.status}.`)
    const body = parseRepoBody(answer.body)
    const languagesAnswer = await api.get(`${repoPath(row.key)}/languages`, {
      etag: row.data ? row.languages_etag : null,
      now,
    })
    const languages =
      languagesAnswer.status === 200
        ? languageShares(languagesAnswer.body)
        : (row.data?.languages ?? [])
    await write({
      data: storedRepository(body, languages, row.key),
      etag: answer.etag,
      languages_etag: languagesAnswer.status === 200 ? languagesAnswer.etag : row.languages_etag,
      status: 'ok',
      last_error: null,
      last_error_at: null,
      fetched_at: now,
      next_fetch_at,
    })
    return 'updated'
  } catch (error) {
    if (error instanceof GitHubRateLimited) {
      await recordRateLimit(db, error.until)
      await write({ next_fetch_at: error.until })
      throw error
    }
    const message = error instanceof GitHubUnreachable ? error.message : 'The fetch failed.'
    if (!(error instanceof GitHubUnreachable)) {
      deps.log.warn('github fetch failed', {
        repository: row.key,
        error: error instanceof Error ? error.message : String(error),
      })
    }
    await write({
      status: 'error',
      last_error: message,
      last_error_at: now,
      next_fetch_at: new Date(now.getTime() + Math.min(settings.retryMs, settings.refreshMs)),
    })
    return 'failed'
  }
}

export interface RefreshSummary {
  updated: number
  unchanged: number
  unavailable: number
  failed: number
  waiting: number
  rate_limited_until: string | null
}

/**
 * One refresh pass, safe to run on several instances at once: brings the
 * rows in line with the projects, then fetches every due repository this
 * instance can claim, until none is left or GitHub's rate limit says stop
 * (then no instance sends anything before the limit's end).
 */
export async function refreshGitHub(deps: GitHubDeps, now: Date): Promise<RefreshSummary> {
  const { db } = deps
  await syncRepositoryRows(db, now)
  const summary: RefreshSummary = {
    updated: 0,
    unchanged: 0,
    unavailable: 0,
    failed: 0,
    waiting: 0,
    rate_limited_until: null,
  }
  let blocked = await rateLimitedUntil(db, now)
  while (!blocked) {
    const row = await claimDueRepository(db, now, deps.settings.leaseMs)
    if (!row) break
    try {
      summary[await fetchRepository(deps, row, now)]++
    } catch (error) {
      if (!(error instanceof GitHubRateLimited)) throw error
      blocked = error.until
      deps.log.warn('github rate limit reached: no requests until it ends', {
        until: error.until.toISOString(),
      })
    }
  }
  if (blocked) {
    summary.rate_limited_until = blocked.toISOString()
    const [due] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(githubRepositories)
      .where(lte(githubRepositories.next_fetch_at, blocked))
    summary.waiting = due?.count ?? 0
  }
  if (summary.updated + summary.unchanged + summary.unavailable + summary.failed > 0) {
    // The project answers and pages show the new data (and fetched_at): cached copies are stale.
    await bumpContentVersion(db)
  }
  return summary
}

/** The owner's "refresh now": every linked repository due at once. */
export async function markAllDue(db: Db, now: Date): Promise<void> {
  await syncRepositoryRows(db, now)
  await db.update(githubRepositories).set({ next_fetch_at: now }).where(sql`true`)
}

/**
 * Takes the owner's "refresh now" if the last one is `intervalMs` old (one
 * statement, so two clicks on two instances count as two); else how many
 * seconds are left.
 */
export async function claimManualRefresh(
  db: Db,
  now: Date,
  intervalMs: number,
): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
  const since = new Date(now.getTime() - intervalMs)
  const claimed = await db
    .insert(githubState)
    .values({ id: 1, manual_refresh_at: now })
    .onConflictDoUpdate({
      target: githubState.id,
      set: { manual_refresh_at: now, updated_at: sql`now()` },
      setWhere: sql`${githubState.manual_refresh_at} is null or ${githubState.manual_refresh_at} <= ${since.toISOString()}::timestamptz`,
    })
    .returning({ id: githubState.id })
  if (claimed.length > 0) return { ok: true }
  const [row] = await db
    .select({ at: githubState.manual_refresh_at })
    .from(githubState)
    .where(eq(githubState.id, 1))
  const last = row?.at?.getTime() ?? now.getTime()
  return { ok: false, retryAfterSeconds: (last + intervalMs - now.getTime()) / 1000 }
}
