/**
 * The owner's side of GitHub: the list of the profile's public
 * repositories, the import of some of them as draft projects, and "refresh
 * now". Each call asks GitHub directly (the owner waits for it), after
 * checking the rate limit stored for every instance.
 */
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import {
  githubUserFromUrl,
  parseRepoName,
  type RepoName,
  readableRepoName,
} from '../../src/domain/github'
import { isSafeUrl } from '../../src/domain/safe-url'
import { limits } from '../../src/schemas/fields'
import type {
  GithubImportResult,
  GithubRefreshResult,
  GithubRepoListItem,
} from '../../src/schemas/github'
import { projectInput } from '../../src/schemas/project'
import { defaultGitHubSettings, type GitHubSettings } from '../config'
import { writeContent } from '../db/content-version'
import { githubRepositories, profile } from '../db/schema'
import {
  humanDuration,
  InvalidInputError,
  NotFoundError,
  RateLimitedError,
  UnavailableError,
} from '../errors'
import type { ServiceContext } from './context'
import {
  createGitHubApi,
  GitHubAnswerTooLarge,
  type GitHubApi,
  GitHubRateLimited,
  GitHubUnreachable,
} from './github/api'
import { absolutizeReadme, fitDescription, readmeBases } from './github/readme'
import {
  claimManualRefresh,
  languageShares,
  linkedRepositoryKeys,
  markAllDue,
  parseRepoBody,
  rateLimitedUntil,
  recordRateLimit,
  refreshGitHub,
  shownFullName,
  storedRepository,
} from './github/repositories'
import { createProjectIn } from './projects'

/** At most this many pages of 100 repositories are read (10,000 repositories). */
const MAX_PAGES = 100

export function githubSettingsOf(ctx: Pick<ServiceContext, 'config'>): GitHubSettings {
  return ctx.config.github ?? defaultGitHubSettings
}

function apiOf(ctx: Pick<ServiceContext, 'config'>): GitHubApi {
  return createGitHubApi(githubSettingsOf(ctx))
}

function waitMessage(until: Date, now: Date) {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))
  return new RateLimitedError(
    `GitHub's rate limit is reached: try again in ${humanDuration(seconds)}.`,
    seconds,
  )
}

/** Runs GitHub calls; the rate limit and GitHub's failures become the project's own errors. */
async function withGitHub<T>(
  ctx: ServiceContext,
  work: (api: GitHubApi) => Promise<T>,
): Promise<T> {
  const now = ctx.now()
  const blocked = await rateLimitedUntil(ctx.db, now)
  if (blocked) throw waitMessage(blocked, now)
  try {
    return await work(apiOf(ctx))
  } catch (error) {
    if (error instanceof GitHubRateLimited) {
      await recordRateLimit(ctx.db, error.until)
      throw waitMessage(error.until, now)
    }
    if (error instanceof GitHubUnreachable) {
      throw new UnavailableError(`${error.message} Try again later.`)
    }
    throw error
  }
}

async function profileGitHubUser(ctx: ServiceContext): Promise<string> {
  const [row] = await ctx.db
    .select({ github_url: profile.github_url })
    .from(profile)
    .where(eq(profile.id, 1))
  const user = githubUserFromUrl(row?.github_url)
  if (!user) {
    throw new InvalidInputError(
      'Your profile has no GitHub link like https://github.com/your-name: set it in Profile first.',
    )
  }
  return user
}

const listedRepo = z.object({
  full_name: z.string(),
  description: z.string().nullish().catch(null),
  stargazers_count: z.number().catch(0).default(0),
  language: z.string().nullish().catch(null),
  topics: z.array(z.string()).catch([]).default([]),
  pushed_at: z.string().nullish().catch(null),
  fork: z.boolean().catch(false).default(false),
  archived: z.boolean().catch(false).default(false),
  private: z.boolean().catch(false).default(false),
})

/**
 * The public repositories of the profile's GitHub user, every page (the
 * `Link` header's next), last pushed first.
 */
export async function listOwnerRepositories(ctx: ServiceContext): Promise<GithubRepoListItem[]> {
  const user = await profileGitHubUser(ctx)
  const imported = await linkedRepositoryKeys(ctx.db)
  const found = await withGitHub(ctx, async (api) => {
    const list: z.infer<typeof listedRepo>[] = []
    let next: string | null =
      `/users/${encodeURIComponent(user)}/repos?type=owner&sort=pushed&per_page=100`
    for (let page = 0; next && page < MAX_PAGES; page++) {
      const answer = await api.get(next, { now: ctx.now() })
      if (answer.status === 404) throw new NotFoundError(`GitHub has no user "${user}".`)
      if (answer.status !== 200 || !Array.isArray(answer.body)) {
        throw new GitHubUnreachable('GitHub answered with an unexpected list.')
      }
      for (const item of answer.body) {
        const parsed = listedRepo.safeParse(item)
        // Only names a repository can have: the list offers them to import, by that name.
        const named = parsed.success && parseRepoName(parsed.data.full_name)
        if (parsed.success && named && !parsed.data.private) {
          list.push({ ...parsed.data, full_name: named.full_name })
        }
      }
      next = answer.next
    }
    return list
  })
  return found
    .map((repo) => ({
      full_name: repo.full_name,
      description: repo.description ?? null,
      stars: repo.stargazers_count,
      language: repo.language ?? null,
      topics: repo.topics,
      pushed_at: repo.pushed_at ?? null,
      fork: repo.fork,
      archived: repo.archived,
      imported: imported.has(repo.full_name.toLowerCase()),
    }))
    .sort((a, b) => (b.pushed_at ?? '').localeCompare(a.pushed_at ?? ''))
}

const readmeBody = z.object({
  path: z.string().catch('README.md'),
  content: z.string(),
  encoding: z.string().catch('base64'),
  html_url: z.string(),
  download_url: z.string().nullish().catch(null),
})

/** GitHub's text as a field takes it: no NUL (PostgreSQL refuses it), at most `max` characters. */
const cut = (value: string, max: number) => {
  const clean = value.replaceAll('\0', '')
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean
}

/** The tags of an imported repository: its topics, then its main languages (a tenth of the code or more). */
function importTags(topics: string[], languages: { name: string; share: number }[]): string[] {
  const tags: string[] = []
  const seen = new Set<string>()
  const main = languages.filter((language) => language.share >= 0.1).map((l) => l.name)
  for (const tag of [...topics, ...main]) {
    const value = cut(tag.trim(), limits.tag)
    if (value && !seen.has(value.toLowerCase()) && tags.length < limits.listItems) {
      seen.add(value.toLowerCase())
      tags.push(value)
    }
  }
  return tags
}

/**
 * Each repository asked for becomes a draft project (title, description,
 * tags, links and README), unless a project already links it; its
 * repository data is stored at once, so the panel shows without waiting for
 * the refresh.
 */
export async function importRepositories(
  ctx: ServiceContext,
  names: string[],
): Promise<GithubImportResult> {
  const result: GithubImportResult = { created: [], skipped: [] }
  const linked = await linkedRepositoryKeys(ctx.db)
  const asked = new Set<string>()
  const wanted: RepoName[] = []
  for (const value of names) {
    const name = parseRepoName(value)
    if (!name || asked.has(name.key)) continue
    asked.add(name.key)
    if (linked.has(name.key)) {
      result.skipped.push({ full_name: name.full_name, reason: 'A project already links it.' })
    } else wanted.push(name)
  }
  if (wanted.length === 0) return result

  await withGitHub(ctx, async (api) => {
    for (const [index, name] of wanted.entries()) {
      const path = `/repos/${encodeURIComponent(name.owner)}/${encodeURIComponent(name.name)}`
      const now = ctx.now()
      let answer: Awaited<ReturnType<GitHubApi['get']>>
      try {
        answer = await api.get(path, { now })
      } catch (error) {
        // The ones imported so far stay; the rest are reported as not imported.
        if (error instanceof GitHubRateLimited && result.created.length > 0) {
          await recordRateLimit(ctx.db, error.until)
          for (const rest of wanted.slice(index)) {
            result.skipped.push({
              full_name: rest.full_name,
              reason: "GitHub's rate limit was reached: import it later.",
            })
          }
          return
        }
        throw error
      }
      if (answer.status !== 200) {
        result.skipped.push({
          full_name: name.full_name,
          reason: 'GitHub has no public repository of this name.',
        })
        continue
      }
      const repo = parseRepoBody(answer.body)
      const languagesAnswer = await api.get(`${path}/languages`, { now })
      const languages = languagesAnswer.status === 200 ? languageShares(languagesAnswer.body) : []
      // A README past the answer limit is left out (the description stands in), the import goes on.
      const readmeAnswer = await api.get(`${path}/readme`, { now }).catch((error: unknown) => {
        if (error instanceof GitHubAnswerTooLarge) return null
        throw error
      })
      const readme = readmeAnswer?.status === 200 ? readmeBody.safeParse(readmeAnswer.body) : null
      // The name asked for, never the answer's `full_name` (GitHub's letter case at most).
      const { key } = name
      const fullName = shownFullName(name.full_name, repo.full_name)
      linked.add(key)
      const repoUrl = `https://github.com/${fullName}`
      const description = cut(
        repo.description?.trim() || `${readableRepoName(name.name)}, on GitHub.`,
        limits.shortText,
      )
      let longDescription = description
      if (readme?.success && readme.data.encoding === 'base64') {
        const markdown = Buffer.from(readme.data.content, 'base64').toString('utf8')
        const bases = readmeBases(readme.data.html_url, readme.data.download_url ?? null)
        const absolute = absolutizeReadme(markdown, bases, readme.data.path)
        if (absolute.trim()) {
          longDescription = fitDescription(absolute, limits.longText, readme.data.html_url)
        }
      }
      const homepage = repo.homepage?.trim()
      const parsed = projectInput.safeParse({
        title: cut(readableRepoName(fullName.split('/')[1] ?? name.name), limits.title),
        description,
        long_description: longDescription.replaceAll('\0', ''),
        website_url:
          homepage && isSafeUrl(homepage) && homepage.length <= limits.url ? homepage : null,
        image_urls: [],
        tags: importTags(repo.topics, languages),
        is_featured: false,
        is_published: false,
        repo_url: repoUrl,
        role: null,
        period: null,
      })
      if (!parsed.success) {
        result.skipped.push({
          full_name: name.full_name,
          reason: "GitHub's data for it does not make a valid project.",
        })
        continue
      }
      const data = parsed.data
      const stored = storedRepository(repo, languages, name.full_name)
      const project = await writeContent(ctx.db, async (tx) => {
        const created = await createProjectIn(tx, data)
        const values = {
          data: stored,
          etag: answer.etag,
          languages_etag: languagesAnswer.status === 200 ? languagesAnswer.etag : null,
          status: 'ok' as const,
          last_error: null,
          last_error_at: null,
          fetched_at: now,
          next_fetch_at: new Date(now.getTime() + githubSettingsOf(ctx).refreshMs),
          updated_at: now,
        }
        await tx
          .insert(githubRepositories)
          .values({ key, ...values })
          .onConflictDoUpdate({ target: githubRepositories.key, set: values })
        return created
      })
      result.created.push({ id: project.id, slug: project.slug, title: project.title })
    }
  })
  return result
}

/** The owner's "refresh now": every linked repository fetched in this request (at most once a minute). */
export async function refreshNow(ctx: ServiceContext): Promise<GithubRefreshResult> {
  const settings = githubSettingsOf(ctx)
  const now = ctx.now()
  const claim = await claimManualRefresh(ctx.db, now, settings.manualRefreshMs)
  if (!claim.ok) {
    throw new RateLimitedError(
      `The repositories were refreshed a moment ago: try again in ${humanDuration(Math.ceil(claim.retryAfterSeconds))}.`,
      claim.retryAfterSeconds,
    )
  }
  await markAllDue(ctx.db, now)
  return refreshGitHub({ db: ctx.db, settings, api: apiOf(ctx), log: ctx.log }, now)
}
