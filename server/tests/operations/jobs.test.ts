/**
 * The periodic job runner (server/jobs/runner.ts) on a real database: a due
 * job runs on one instance only, comes back `everyMs` after its end, is
 * taken over when its holder stops renewing its lease (killed), and a late
 * end from the old holder changes nothing. Time is the test's clock.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { adminUsers, jobs as jobsTable, sessions } from '../../db/schema'
import { createJobRunner, type Job, RETRY_MS } from '../../jobs/runner'
import { createLogger } from '../../log'
import { deadSessionsJob } from '../../services/auth/sessions'
import { createClock, freshDatabase } from '../support/harness'

let database: Database
beforeAll(async () => {
  database = await freshDatabase()
})
afterAll(async () => {
  await database.close()
})

const log = createLogger('silent')
const HOUR = 3_600_000

function counter(name: string, options: Partial<Job> = {}) {
  const runs: string[] = []
  const job: Job = {
    name,
    everyMs: HOUR,
    async run() {
      runs.push(name)
      await Bun.sleep(20)
    },
    ...options,
  }
  return { job, runs }
}

const row = async (name: string) =>
  (await database.db.select().from(jobsTable).where(eq(jobsTable.name, name)))[0]

describe('periodic jobs', () => {
  test('a due job runs once across three instances polling together, and again everyMs after its end', async () => {
    const clock = createClock(new Date('2030-01-01T00:00:00Z'))
    const { job, runs } = counter('count-a')
    const instances = ['a', 'b', 'c'].map((holder) =>
      createJobRunner({ db: database.db, jobs: [job], log, now: clock.now, holder }),
    )
    const ran = await Promise.all(instances.map((runner) => runner.runDue()))
    expect(ran.flat()).toEqual(['count-a'])
    expect(runs).toHaveLength(1)
    // Not due again before the hour is over …
    clock.advance(HOUR - 1)
    expect((await Promise.all(instances.map((r) => r.runDue()))).flat()).toEqual([])
    // … then once more.
    clock.advance(1)
    expect((await Promise.all(instances.map((r) => r.runDue()))).flat()).toEqual(['count-a'])
    const stored = await row('count-a')
    expect(stored?.runs).toBe(2)
    expect(stored?.locked_until).toBeNull()
    expect(stored?.next_run_at.toISOString()).toBe(
      new Date(clock.now().getTime() + HOUR).toISOString(),
    )
  })

  test('a holder that stops renewing (killed) keeps the job until its lease ends; then another instance runs it; the old end changes nothing', async () => {
    const clock = createClock(new Date('2030-02-01T00:00:00Z'))
    let release = () => {}
    const hung = new Promise<void>((resolve) => {
      release = resolve
    })
    const finished: string[] = []
    const job = (holder: string, hang: boolean): Job => ({
      name: 'takeover',
      everyMs: HOUR,
      leaseMs: 30_000,
      async run() {
        if (hang) await hung
        finished.push(holder)
      },
    })
    const a = createJobRunner({
      db: database.db,
      jobs: [job('a', true)],
      log,
      now: clock.now,
      holder: 'a',
    })
    const b = createJobRunner({
      db: database.db,
      jobs: [job('b', false)],
      log,
      now: clock.now,
      holder: 'b',
    })
    const aPass = a.runDue()
    // a has claimed it (its run hangs).
    for (let i = 0; i < 100 && !(await row('takeover'))?.locked_by?.startsWith('a:'); i++)
      await Bun.sleep(10)
    expect((await row('takeover'))?.locked_by).toStartWith('a:')
    expect(await b.runDue()).toEqual([])
    clock.advance(29_999)
    expect(await b.runDue()).toEqual([])
    clock.advance(1)
    expect(await b.runDue()).toEqual(['takeover'])
    expect(finished).toEqual(['b'])
    const afterB = await row('takeover')
    // The old holder ends late: its end does not touch b's schedule.
    clock.advance(5_000)
    release()
    await aPass
    expect(finished).toEqual(['b', 'a'])
    const afterA = await row('takeover')
    expect(afterA?.next_run_at.toISOString()).toBe(afterB?.next_run_at.toISOString())
    expect(afterA?.runs).toBe(1)
    expect(afterA?.locked_by).toStartWith('b:')
  })

  test('a failed run is kept with its error and tried again within a minute', async () => {
    const clock = createClock(new Date('2030-03-01T00:00:00Z'))
    let fail = true
    const job: Job = {
      name: 'flaky',
      everyMs: HOUR,
      async run() {
        if (fail) throw new Error('the bucket is away')
      },
    }
    const runner = createJobRunner({ db: database.db, jobs: [job], log, now: clock.now })
    expect(await runner.runDue()).toEqual(['flaky'])
    expect((await row('flaky'))?.last_error).toBe('the bucket is away')
    expect((await row('flaky'))?.runs).toBe(0)
    clock.advance(RETRY_MS - 1)
    expect(await runner.runDue()).toEqual([])
    fail = false
    clock.advance(1)
    expect(await runner.runDue()).toEqual(['flaky'])
    expect((await row('flaky'))?.last_error).toBeNull()
    expect((await row('flaky'))?.runs).toBe(1)
  })

  test('stop() aborts the run under way and waits for it', async () => {
    const clock = createClock(new Date('2030-04-01T00:00:00Z'))
    let sawAbort = false
    const job: Job = {
      name: 'long',
      everyMs: HOUR,
      run: ({ signal }) =>
        new Promise<void>((resolve) => {
          signal.addEventListener('abort', () => {
            sawAbort = true
            resolve()
          })
        }),
    }
    const runner = createJobRunner({
      db: database.db,
      jobs: [job],
      log,
      now: clock.now,
      pollMs: 60_000,
    })
    runner.start()
    for (let i = 0; i < 100 && !(await row('long'))?.locked_by; i++) await Bun.sleep(10)
    await runner.stop()
    expect(sawAbort).toBe(true)
    expect((await row('long'))?.locked_until).toBeNull()
  })

  test('dead-sessions deletes expired, idle and revoked sessions and keeps live ones', async () => {
    const clock = createClock(new Date('2030-05-01T00:00:00Z'))
    const now = clock.now().getTime()
    const [user] = await database.db
      .insert(adminUsers)
      .values({ username: 'jobs-owner', password_hash: 'x' })
      .returning({ id: adminUsers.id })
    const at = (ms: number) => new Date(now + ms)
    const session = (token: string, fields: Partial<typeof sessions.$inferInsert>) => ({
      token_hash: token,
      user_id: user?.id ?? 0,
      expires_at: at(HOUR),
      last_used_at: at(-60_000),
      ...fields,
    })
    await database.db
      .insert(sessions)
      .values([
        session('live', {}),
        session('expired', { expires_at: at(-1) }),
        session('idle', { last_used_at: at(-2 * HOUR) }),
        session('revoked', { revoked_at: at(-1) }),
      ])
    const runner = createJobRunner({
      db: database.db,
      jobs: [deadSessionsJob(HOUR)],
      log,
      now: clock.now,
    })
    expect(await runner.runDue()).toEqual(['dead-sessions'])
    const left = await database.db.select({ token: sessions.token_hash }).from(sessions)
    expect(left.map((r) => r.token)).toEqual(['live'])
  })
})
