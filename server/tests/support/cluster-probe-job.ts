/**
 * Preloaded into each server of the cluster test (`bun --preload`): one more
 * periodic job, `cluster-probe`, with a 3 s lease. It does nothing until the
 * test makes its table; then its first run records that it started (with
 * the process id) and hangs, so the test can kill that process mid-run; the
 * run that takes over records that it started and finished.
 */
import { sql } from 'drizzle-orm'
import { extraJobs } from '../../periodic-jobs'

extraJobs.push({
  name: 'cluster-probe',
  everyMs: 3_600_000,
  leaseMs: 3_000,
  async run({ db, signal }) {
    const rows = (await db.execute(
      sql`select to_regclass('cluster_probe') is not null as ready`,
    )) as unknown as { ready: boolean }[]
    if (!rows[0]?.ready) return
    await db.execute(sql`insert into cluster_probe (pid, step) values (${process.pid}, 'started')`)
    const started = (await db.execute(
      sql`select count(*)::int as n from cluster_probe where step = 'started'`,
    )) as unknown as { n: number }[]
    if (started[0]?.n === 1) {
      // The first run: stays under way until the process is killed (or stopped).
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()))
      return
    }
    await db.execute(sql`insert into cluster_probe (pid, step) values (${process.pid}, 'finished')`)
  },
})
