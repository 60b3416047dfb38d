/**
 * Restoring a backup: replaces all content, the profile and the admin users
 * with the file's, in one transaction (all of it or nothing).
 */
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import {
  adminUsers,
  contactMessages,
  profile,
  projectSlugs,
  projects,
  timelineEvents,
} from '../db/schema'
import { bumpContentVersion } from '../services/content-version'
import type { Backup } from './format'

function chunks<T>(rows: T[], size = 200): T[][] {
  const out: T[][] = []
  for (let start = 0; start < rows.length; start += size) out.push(rows.slice(start, start + size))
  return out
}

const at = (value: string) => sql`${value}::timestamptz`

/** Tables with a serial id whose sequence a restore moves past the restored rows. */
const serialTables = ['admin_users', 'projects', 'timeline_events', 'contact_messages', 'sessions']

/**
 * Replaces all content, the profile and the admin users with the backup's, in
 * one transaction. Sessions are dropped (everyone signs in again); throttle
 * counters are kept; the content version moves on (cached pages are dropped).
 * The id sequences continue after the restored rows.
 */
export async function restoreBackup(db: Db, backup: Backup): Promise<void> {
  const t = backup.tables
  await db.transaction(async (tx) => {
    // One statement, ACCESS EXCLUSIVE locks: a server writing to the same
    // PostgreSQL database waits for the restore instead of mixing in.
    await tx.execute(
      sql.raw(
        'truncate table sessions, admin_users, project_slugs, projects, timeline_events, contact_messages, profile',
      ),
    )
    for (const row of t.profile) {
      await tx
        .insert(profile)
        .values({ ...row, created_at: at(row.created_at), updated_at: at(row.updated_at) })
    }
    for (const rows of chunks(t.admin_users)) {
      await tx.insert(adminUsers).values(
        rows.map((row) => ({
          ...row,
          created_at: at(row.created_at),
          updated_at: at(row.updated_at),
        })),
      )
    }
    for (const rows of chunks(t.projects)) {
      await tx.insert(projects).values(
        rows.map((row) => ({
          ...row,
          created_at: at(row.created_at),
          updated_at: at(row.updated_at),
        })),
      )
    }
    for (const rows of chunks(t.project_slugs)) {
      await tx
        .insert(projectSlugs)
        .values(rows.map((row) => ({ ...row, created_at: at(row.created_at) })))
    }
    for (const rows of chunks(t.timeline_events)) {
      await tx.insert(timelineEvents).values(
        rows.map((row) => ({
          ...row,
          created_at: at(row.created_at),
          updated_at: at(row.updated_at),
        })),
      )
    }
    for (const rows of chunks(t.contact_messages)) {
      await tx.insert(contactMessages).values(
        rows.map((row) => ({
          ...row,
          created_at: at(row.created_at),
          updated_at: at(row.updated_at),
        })),
      )
    }
    // Servers on this database drop the public answers they cached.
    await bumpContentVersion(tx)
    for (const table of serialTables) {
      // The next id is max(id) + 1 (1 for an empty table).
      await tx.execute(
        sql.raw(
          `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`,
        ),
      )
    }
  })
}
