/**
 * Each instance's timer for the GitHub refresh: a pass every `pollMs` and
 * right after a project is saved (kick). The pass itself
 * (`refreshGitHub(deps, now)`) claims its rows in the database, so any
 * number of instances may run it; it can move onto a shared job runner as
 * it is.
 */
import { createPassLoop } from '../../pass-loop'
import { type GitHubDeps, type RefreshSummary, refreshGitHub } from './repositories'

export interface GitHubScheduler {
  /** A pass soon (a project was saved). */
  kick(): void
  /** A pass now (after the one under way); resolves with what it did. */
  drain(): Promise<RefreshSummary | undefined>
  start(): void
  /** Stops the timer and waits for the pass under way. */
  stop(): Promise<void>
}

export function createGitHubScheduler(deps: GitHubDeps & { now?: () => Date }): GitHubScheduler {
  const now = deps.now ?? (() => new Date())
  return createPassLoop({
    run: () => refreshGitHub(deps, now()),
    everyMs: deps.settings.pollMs,
    log: deps.log,
    failure: 'github refresh pass failed',
  })
}
