/**
 * Scheduled publishing: every note whose time has come goes live, once.
 * Safe to run from any number of instances at once: the due rows are
 * claimed with `FOR UPDATE SKIP LOCKED` and marked live (`went_live_at`) in
 * the same transaction that bumps the content version, so exactly one
 * instance publishes each note, and every instance's cache of pages, API
 * answers and feeds refreshes with it. A crash before the commit leaves the
 * notes due for the next run. The clock is the caller's (tests move it).
 */
import { and, eq, inArray, isNull, lte } from 'drizzle-orm'
import type { Db } from '../db/client'
import { bumpContentVersion } from '../db/content-version'
import { notes } from '../db/schema'
import type { Job } from '../jobs/runner'
import type { Logger } from '../log'

export interface PublishDeps {
  db: Db
  log?: Logger
}

/** How often the server looks for due notes: a scheduled note is public at most this late. */
export const PUBLISH_INTERVAL_MS = 15_000

/** Publishes the notes due at `now`; answers the ids this call published. */
export async function publishDueNotes(deps: PublishDeps, now: Date): Promise<number[]> {
  const published = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: notes.id })
      .from(notes)
      .where(
        and(
          eq(notes.status, 'published'),
          isNull(notes.went_live_at),
          lte(notes.published_at, now),
        ),
      )
      .orderBy(notes.published_at, notes.id)
      .limit(100)
      .for('update', { skipLocked: true })
    if (due.length === 0) return []
    const ids = due.map((row) => row.id)
    const claimed = await tx
      .update(notes)
      .set({ went_live_at: now })
      // Checked again: a save between the select and here could have moved the time.
      .where(and(inArray(notes.id, ids), isNull(notes.went_live_at)))
      .returning({ id: notes.id })
    if (claimed.length > 0) await bumpContentVersion(tx)
    return claimed.map((row) => row.id)
  })
  if (published.length > 0) deps.log?.info('notes published', { ids: published })
  return published
}

/**
 * The publishing job: every `PUBLISH_INTERVAL_MS` on whichever instance
 * claims it (a scheduled note is public at most this late).
 */
export const publishNotesJob: Job = {
  name: 'publish-notes',
  everyMs: PUBLISH_INTERVAL_MS,
  async run({ db, log, now }) {
    await publishDueNotes({ db, log }, now())
  },
}
