/**
 * Every piece of periodic work of the server runs here: one mechanism, one
 * timer, one shutdown. The jobs are declared by the features that own them
 * and gathered in server/periodic-jobs.ts.
 *
 * A job runs once across every instance on the database (`scope: 'cluster'`,
 * the default) or on each instance (`scope: 'instance'`: work on this
 * process's memory, such as writing its page-view counts).
 *
 * A cluster job:
 * Each job has a row in `jobs` (name, next_run_at, lease). Every instance
 * polls; a poll claims one due job whose lease is free with
 * `FOR UPDATE SKIP LOCKED` (two instances never take the same row), sets
 * `locked_until = now + leaseMs` with a token of its own, runs the job and,
 * if the token is still there, sets the next run `everyMs` after the end.
 * While a run lasts the lease is renewed every third of `leaseMs`; an
 * instance killed mid-run (`kill -9`) renews nothing, so its lease runs out
 * and the next poll anywhere takes the job again. A job must therefore be
 * safe to run again after a run cut short (a purge, a refresh, a publish of
 * what is due all are). Time comes from `now`, so tests move the clock.
 *
 * `kick(name)` / `runNow(name)` run a job on this instance at once, after
 * its run under way here if any (alerts after a message is stored, the
 * GitHub refresh after a project is saved), without its lease: only jobs
 * whose work claims its own rows (the outbox's, the repositories') are
 * kicked. `atStop` runs once when the runner stops (the last page views
 * written, the mail connections closed).
 *
 * How to add a job: docs/architecture.md, "Periodic jobs".
 */
import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { jobs as jobsTable } from '../db/schema'
import { errorDetails, type Logger } from '../log'

export interface JobContext {
  db: Db
  now: () => Date
  log: Logger
  /** Aborted when the server stops: end early, the job runs again at the next start. */
  signal: AbortSignal
}

export interface Job {
  /** Stable and unique: the row's key. */
  name: string
  /**
   * From the end of one run to the next (after a failure: at most a minute).
   * An instance job with 0 never runs on a timer (only kicked, and at stop).
   */
  everyMs: number
  /** Once across the instances (default), or on each instance. */
  scope?: 'cluster' | 'instance'
  /** How long a claim holds without renewal (default 60 s); a dead holder's job waits this long. */
  leaseMs?: number
  run(context: JobContext): Promise<void>
  /** Once when the runner stops, after the job's run under way (a failure is logged). */
  atStop?(context: JobContext): Promise<void>
}

export interface JobRunner {
  /** The names of the jobs this runner knows. */
  readonly names: readonly string[]
  /** Claims and runs due cluster jobs one at a time until none is due; answers the names run. */
  runDue(): Promise<string[]>
  /**
   * Runs the job on this instance now (after its run under way here); resolves
   * when that run is over, failed or not. Calls while one waits share it.
   * An unknown name, or a stopped runner, does nothing.
   */
  runNow(name: string): Promise<void>
  /** `runNow` without waiting. */
  kick(name: string): void
  /** Polls for due cluster jobs every `pollMs` (or sooner, for a job due more often) and runs instance jobs on their own cadence. */
  start(): void
  /** Stops the timers, aborts the run under way and waits for it, then runs each `atStop`. */
  stop(): Promise<void>
}

export const DEFAULT_LEASE_MS = 60_000
/** After a failed run the job is tried again this soon (or after everyMs, if sooner). */
export const RETRY_MS = 60_000

export function createJobRunner(options: {
  db: Db
  jobs: readonly Job[]
  log: Logger
  now?: () => Date
  /** How often to look for due cluster jobs (default 15 s; sooner when a job is due more often). */
  pollMs?: number
  /** Names this instance in `locked_by` (default host:pid). */
  holder?: string
}): JobRunner {
  const { db, log } = options
  const now = options.now ?? (() => new Date())
  const byName = new Map(options.jobs.map((job) => [job.name, job]))
  if (byName.size !== options.jobs.length) throw new Error('two jobs share a name')
  const holder = options.holder ?? `${hostname()}:${process.pid}`
  const clusterJobs = options.jobs.filter((job) => (job.scope ?? 'cluster') === 'cluster')
  const instanceJobs = options.jobs.filter((job) => job.scope === 'instance')
  const names = clusterJobs.map((job) => job.name)
  const abort = new AbortController()
  const context: JobContext = { db, now, log, signal: abort.signal }
  const timers: ReturnType<typeof setInterval>[] = []
  let registered: Promise<void> | null = null
  let pass: Promise<string[]> = Promise.resolve([])
  let stopped = false
  /** Per job, this instance's run under way (periodic or kicked) and the kicked run waiting after it. */
  const local = new Map<string, { running: Promise<void>; queued: Promise<void> | null }>(
    options.jobs.map((job) => [job.name, { running: Promise.resolve(), queued: null }]),
  )

  /** Runs `work` after this instance's run of the job under way; never rejects. */
  function serial(job: Job, work: () => Promise<void>): Promise<void> {
    const state = local.get(job.name)
    if (!state) return Promise.resolve()
    const next = state.running.then(work).catch((error: unknown) => {
      log.warn('job failed', { job: job.name, ...errorDetails(error) })
    })
    state.running = next
    return next
  }

  function runNow(name: string): Promise<void> {
    const job = byName.get(name)
    const state = local.get(name)
    if (!job || !state || stopped) return Promise.resolve()
    if (state.queued) return state.queued
    const next = serial(job, async () => {
      state.queued = null
      if (!stopped) await job.run(context)
    })
    state.queued = next
    return next
  }

  /** A row for every cluster job this instance knows, due at once when new. */
  function register(): Promise<void> {
    registered ??= (async () => {
      if (names.length === 0) return
      const at = now()
      await db
        .insert(jobsTable)
        .values(names.map((name) => ({ name, next_run_at: at })))
        .onConflictDoNothing()
    })().catch((error: unknown) => {
      registered = null
      throw error
    })
    return registered
  }

  async function claim(): Promise<{ job: Job; token: string } | null> {
    if (names.length === 0) return null
    const at = now()
    const token = `${holder}:${randomBytes(6).toString('hex')}`
    const [row] = await db
      .update(jobsTable)
      .set({
        locked_until: new Date(at.getTime() + DEFAULT_LEASE_MS),
        locked_by: token,
        last_started_at: at,
      })
      .where(
        eq(
          jobsTable.name,
          sql`(select ${jobsTable.name} from ${jobsTable}
               where ${inArray(jobsTable.name, names)}
                 and ${jobsTable.next_run_at} <= ${at.toISOString()}::timestamptz
                 and (${jobsTable.locked_until} is null or ${jobsTable.locked_until} <= ${at.toISOString()}::timestamptz)
               order by ${jobsTable.next_run_at}, ${jobsTable.name}
               limit 1 for update skip locked)`,
        ),
      )
      .returning({ name: jobsTable.name })
    const job = row && byName.get(row.name)
    if (!job) return null
    // The lease of this job's own length (the claim above used the default).
    if ((job.leaseMs ?? DEFAULT_LEASE_MS) !== DEFAULT_LEASE_MS) await renew(job, token)
    return { job, token }
  }

  async function renew(job: Job, token: string): Promise<void> {
    await db
      .update(jobsTable)
      .set({ locked_until: new Date(now().getTime() + (job.leaseMs ?? DEFAULT_LEASE_MS)) })
      .where(and(eq(jobsTable.name, job.name), eq(jobsTable.locked_by, token)))
  }

  async function runOne(job: Job, token: string): Promise<void> {
    const leaseMs = job.leaseMs ?? DEFAULT_LEASE_MS
    const heartbeat = setInterval(
      () => {
        renew(job, token).catch((error: unknown) =>
          log.warn('job lease not renewed', { job: job.name, ...errorDetails(error) }),
        )
      },
      Math.max(leaseMs / 3, 10),
    )
    heartbeat.unref?.()
    let failure: unknown = null
    try {
      // After a kicked run of the same job on this instance, if one is under way.
      await serial(job, async () => {
        try {
          await job.run(context)
        } catch (error) {
          failure = error
        }
      })
    } finally {
      clearInterval(heartbeat)
    }
    const end = now()
    const next = failure === null ? job.everyMs : Math.min(job.everyMs, RETRY_MS)
    // Only while the claim is still this instance's (not taken over after a lost lease).
    await db
      .update(jobsTable)
      .set({
        next_run_at: new Date(end.getTime() + next),
        locked_until: null,
        last_finished_at: failure === null ? end : sql`${jobsTable.last_finished_at}`,
        last_error:
          failure === null ? null : String(failure instanceof Error ? failure.message : failure),
        runs: failure === null ? sql`${jobsTable.runs} + 1` : sql`${jobsTable.runs}`,
      })
      .where(and(eq(jobsTable.name, job.name), eq(jobsTable.locked_by, token)))
    if (failure !== null) log.warn('job failed', { job: job.name, ...errorDetails(failure) })
    else log.debug('job done', { job: job.name })
  }

  async function runAll(): Promise<string[]> {
    await register()
    const ran: string[] = []
    while (!stopped) {
      const claimed = await claim()
      if (!claimed) break
      await runOne(claimed.job, claimed.token)
      ran.push(claimed.job.name)
    }
    return ran
  }

  function runDue(): Promise<string[]> {
    const next = pass.then(runAll, runAll)
    pass = next.catch((error: unknown) => {
      log.warn('job poll failed', errorDetails(error))
      return []
    })
    return next
  }

  return {
    names: [...byName.keys()],
    runDue,
    runNow,
    kick: (name) => void runNow(name),
    start() {
      if (timers.length > 0 || stopped) return
      if (names.length > 0) {
        // As often as the most frequent job wants, and at least every pollMs.
        const pollMs = Math.min(options.pollMs ?? 15_000, ...clusterJobs.map((job) => job.everyMs))
        timers.push(setInterval(() => void runDue().catch(() => {}), Math.max(pollMs, 10)))
        void runDue().catch(() => {})
      }
      for (const job of instanceJobs) {
        if (job.everyMs > 0) timers.push(setInterval(() => runNow(job.name), job.everyMs))
      }
      for (const timer of timers) timer.unref?.()
    },
    async stop() {
      stopped = true
      for (const timer of timers.splice(0)) clearInterval(timer)
      abort.abort()
      await pass
      await Promise.all([...local.values()].map((state) => state.running))
      for (const job of options.jobs) {
        if (!job.atStop) continue
        try {
          await job.atStop(context)
        } catch (error) {
          log.warn('job not finished at stop', { job: job.name, ...errorDetails(error) })
        }
      }
    },
  }
}
