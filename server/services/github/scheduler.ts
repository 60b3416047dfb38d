/**
 * Each instance's timer for the GitHub refresh: a pass every `pollMs` and
 * right after a project is saved (kick). The pass itself
 * (`refreshGitHub(deps, now)`) claims its rows in the database, so any
 * number of instances may run it; it can move onto a shared job runner as
 * it is.
 */
import { errorDetails } from '../../log'
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
  let timer: ReturnType<typeof setInterval> | undefined
  let pass: Promise<RefreshSummary | undefined> = Promise.resolve(undefined)
  let queued: Promise<RefreshSummary | undefined> | null = null

  function drain(): Promise<RefreshSummary | undefined> {
    if (queued) return queued
    const next = pass
      .catch(() => undefined)
      .then(() => {
        queued = null
        return refreshGitHub(deps, now())
      })
      .catch((error: unknown) => {
        // The database away, say: the next pass tries again.
        deps.log.warn('github refresh pass failed', errorDetails(error))
        return undefined
      })
    queued = next
    pass = next
    return next
  }

  return {
    kick: () => void drain(),
    drain,
    start() {
      if (timer) return
      timer = setInterval(() => void drain(), deps.settings.pollMs)
      timer.unref?.()
      void drain()
    },
    async stop() {
      if (timer) clearInterval(timer)
      timer = undefined
      await pass
    },
  }
}
