/**
 * Periodic work that runs once across every instance on the database.
 *
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
  /** From the end of one run to the next (after a failure: at most a minute). */
  everyMs: number
  /** How long a claim holds without renewal (default 60 s); a dead holder's job waits this long. */
  leaseMs?: number
  run(context: JobContext): Promise<void>
}

export interface JobRunner {
  /** Claims and runs due jobs one at a time until none is due; answers the names run. */
  runDue(): Promise<string[]>
  /** Polls every `pollMs` (and once at once). */
  start(): void
  /** Stops polling, aborts the run under way and waits for it. */
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
  /** How often to look for due jobs (default 15 s). */
  pollMs?: number
  /** Names this instance in `locked_by` (default host:pid). */
  holder?: string
}): JobRunner {
  const { db, log } = options
  const now = options.now ?? (() => new Date())
  const byName = new Map(options.jobs.map((job) => [job.name, job]))
  if (byName.size !== options.jobs.length) throw new Error('two jobs share a name')
  const holder = options.holder ?? `${hostname()}:${process.pid}`
  const names = [...byName.keys()]
  const abort = new AbortController()
  let timer: ReturnType<typeof setInterval> | undefined
  let registered: Promise<void> | null = null
  let pass: Promise<string[]> = Promise.resolve([])
  let stopped = false

  /** A row for every job this instance knows, due at once when new. */
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
      await job.run({ db, now, log, signal: abort.signal })
    } catch (error) {
      failure = error
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
    runDue,
    start() {
      if (timer || names.length === 0) return
      stopped = false
      timer = setInterval(() => void runDue().catch(() => {}), options.pollMs ?? 15_000)
      timer.unref?.()
      void runDue().catch(() => {})
    },
    async stop() {
      stopped = true
      if (timer) clearInterval(timer)
      timer = undefined
      abort.abort()
      await pass
    },
  }
}
