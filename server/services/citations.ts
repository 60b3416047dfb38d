/**
 * Citation counts from OpenAlex, by DOI: stored in `publication_citations`
 * so pages read only stored data, refreshed by the `citations-refresh` job
 * once across instances. As GitHub's data (services/github/): each due row is
 * claimed with `FOR UPDATE SKIP LOCKED` (the claim moves `next_fetch_at` on by
 * a lease, so a fetcher that dies leaves it to be taken again); requests are
 * conditional (the ETag OpenAlex sent); a failure keeps the last good count
 * and its `fetched_at`; a 429 puts every row off until its `Retry-After`, so
 * no instance asks again before then.
 */
import { isNotNull, lte, notInArray, sql } from 'drizzle-orm'
import type { ScholarlyConfig } from '../config'
import type { Db } from '../db/client'
import { bumpContentVersion } from '../db/content-version'
import { publicationCitations, publications } from '../db/schema'
import type { Job } from '../jobs/runner'
import type { Logger } from '../log'
import { citationCount, SourceError } from '../scholarly/sources'
import { scholarlySettings } from './publication-import'

export const CITATIONS_REFRESH_JOB = 'citations-refresh'

export interface CitationSummary {
  updated: number
  unchanged: number
  failed: number
  /** OpenAlex does not know the DOI (yet). */
  missing: number
}

/** A row for each DOI the publications hold (drafts too), none for a DOI no longer held. */
export async function syncCitationRows(db: Db, now: Date): Promise<void> {
  const held = db
    .selectDistinct({ doi: publications.doi })
    .from(publications)
    .where(isNotNull(publications.doi))
  await db.execute(
    sql`insert into ${publicationCitations} (doi, next_fetch_at)
        select distinct doi, ${now.toISOString()}::timestamptz from ${publications} where doi is not null
        on conflict (doi) do nothing`,
  )
  await db.delete(publicationCitations).where(notInArray(publicationCitations.doi, held))
}

type CitationRow = typeof publicationCitations.$inferSelect

async function claimDue(db: Db, now: Date, leaseMs: number): Promise<CitationRow | null> {
  const [row] = await db
    .update(publicationCitations)
    .set({ next_fetch_at: new Date(now.getTime() + leaseMs) })
    .where(
      sql`${publicationCitations.doi} = (select ${publicationCitations.doi} from ${publicationCitations}
           where ${publicationCitations.next_fetch_at} <= ${now.toISOString()}::timestamptz
           order by ${publicationCitations.next_fetch_at}, ${publicationCitations.doi}
           limit 1 for update skip locked)`,
    )
    .returning()
  return row ?? null
}

export interface CitationDeps {
  db: Db
  log: Logger
  config: ScholarlyConfig
}

/**
 * One pass, safe on several instances at once: rows brought in line with the
 * publications, then every due count this instance can claim fetched, until
 * none is left or OpenAlex asks to wait.
 */
export async function refreshCitations(deps: CitationDeps, now: Date): Promise<CitationSummary> {
  const { db, config, log } = deps
  const settings = scholarlySettings(config)
  await syncCitationRows(db, now)
  const summary: CitationSummary = { updated: 0, unchanged: 0, failed: 0, missing: 0 }
  for (;;) {
    const row = await claimDue(db, now, config.leaseMs)
    if (!row) break
    const next = new Date(now.getTime() + config.refreshMs)
    try {
      const answer = await citationCount(row.doi, settings, row.etag)
      if (answer === null) {
        summary.missing++
        await db
          .update(publicationCitations)
          .set({
            last_error: 'OpenAlex does not know this DOI.',
            last_error_at: now,
            next_fetch_at: next,
            updated_at: now,
          })
          .where(sql`${publicationCitations.doi} = ${row.doi}`)
      } else if (answer === 'unchanged') {
        summary.unchanged++
        await db
          .update(publicationCitations)
          .set({ fetched_at: now, last_error: null, next_fetch_at: next, updated_at: now })
          .where(sql`${publicationCitations.doi} = ${row.doi}`)
      } else {
        summary.updated++
        await db
          .update(publicationCitations)
          .set({
            cited_by_count: answer.cited_by_count,
            openalex_id: answer.openalex_id,
            etag: answer.etag,
            fetched_at: now,
            last_error: null,
            next_fetch_at: next,
            updated_at: now,
          })
          .where(sql`${publicationCitations.doi} = ${row.doi}`)
      }
    } catch (error) {
      if (!(error instanceof SourceError)) throw error
      summary.failed++
      const waitMs = error.retryAfterMs
      // The last good count and its fetched_at stay as they are.
      await db
        .update(publicationCitations)
        .set({
          last_error: error.message,
          last_error_at: now,
          next_fetch_at: new Date(now.getTime() + (waitMs ?? config.retryMs)),
          updated_at: now,
        })
        .where(sql`${publicationCitations.doi} = ${row.doi}`)
      if (waitMs !== null) {
        const until = new Date(now.getTime() + waitMs)
        // OpenAlex asked to wait: nothing is asked of it, on any instance, before then.
        await db
          .update(publicationCitations)
          .set({ next_fetch_at: until })
          .where(lte(publicationCitations.next_fetch_at, until))
        log.warn('openalex asks to wait: no citation requests until then', {
          until: until.toISOString(),
        })
        break
      }
      log.warn('citation count not fetched', { doi: row.doi, error: error.message })
    }
  }
  if (summary.updated > 0) await bumpContentVersion(db)
  return summary
}

export function citationsRefreshJob(config: ScholarlyConfig): Job {
  return {
    name: CITATIONS_REFRESH_JOB,
    everyMs: Math.min(config.pollMs, config.refreshMs),
    leaseMs: config.leaseMs,
    async run({ db, log, now }) {
      await refreshCitations({ db, log, config }, now())
    },
  }
}
