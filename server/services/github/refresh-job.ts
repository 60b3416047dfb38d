/**
 * The GitHub refresh as a job of the jobs runner (server/jobs/runner.ts):
 * a repository is fetched again once `GITHUB_REFRESH` has passed since its
 * last fetch, so the job looks for due repositories at that cadence (at
 * least every `pollMs`): a change on GitHub shows within about two
 * `GITHUB_REFRESH`. A saved project kicks it (`runNow`) so its repository
 * is fetched at once. The pass claims its rows in the database
 * (`refreshGitHub`), so a kicked run and another instance's never fetch one
 * repository twice.
 */
import type { Job } from '../../jobs/runner'
import { type GitHubDeps, refreshGitHub } from './repositories'

export const GITHUB_REFRESH_JOB = 'github-refresh'

export function githubRefreshJob(deps: Omit<GitHubDeps, 'db' | 'log'>): Job {
  return {
    name: GITHUB_REFRESH_JOB,
    everyMs: Math.min(deps.settings.pollMs, deps.settings.refreshMs),
    leaseMs: deps.settings.leaseMs,
    async run({ db, log, now }) {
      await refreshGitHub({ ...deps, db, log }, now())
    },
  }
}
