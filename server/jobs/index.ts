/**
 * The periodic jobs every instance offers to run (server/jobs/runner.ts runs
 * each once across the instances). Add one: write it in a file here, add it
 * to `jobs` below (docs/architecture.md, "Periodic jobs").
 */
import { lt } from 'drizzle-orm'
import { analyticsSalts } from '../db/schema'
import { utcDay } from '../services/analytics'
import { deleteDeadSessions } from '../services/auth/sessions'
import { type FileRemoval, purgeTrash } from '../services/trash'
import type { Job } from './runner'

const HOUR_MS = 3_600_000

/**
 * A past day's visitor salt goes as soon as the day is over, even when no
 * instance has a count to write (a flush with counts deletes it too).
 */
export const analyticsSaltsJob: Job = {
  name: 'analytics-salts',
  everyMs: 15 * 60_000,
  async run({ db, now }) {
    await db.delete(analyticsSalts).where(lt(analyticsSalts.day, utcDay(now())))
  },
}

/**
 * Sessions that can never be used again (expired, idle past the limit, or
 * revoked) are deleted hourly, not only at the next sign-in.
 */
export function deadSessionsJob(sessionIdleMs: number): Job {
  return {
    name: 'dead-sessions',
    everyMs: HOUR_MS,
    async run({ db, now }) {
      await deleteDeadSessions(db, now(), sessionIdleMs)
    },
  }
}

/**
 * The Trash keeps an item 30 days; then it goes for good, with a project's
 * revisions and an image's files. One DELETE claims the rows, so even two
 * runs at once would remove each item once.
 */
export function trashPurgeJob(files: FileRemoval): Job {
  return {
    name: 'trash-purge',
    everyMs: HOUR_MS,
    async run({ db, now }) {
      await purgeTrash(db, now(), files)
    },
  }
}

/**
 * Jobs added from outside the list (a test's preload module registers one
 * here before the server starts).
 */
export const extraJobs: Job[] = []

/** Every job of this server. */
export function serverJobs(settings: { sessionIdleMs: number; files: FileRemoval }): Job[] {
  return [
    analyticsSaltsJob,
    deadSessionsJob(settings.sessionIdleMs),
    trashPurgeJob(settings.files),
    ...extraJobs,
  ]
}
