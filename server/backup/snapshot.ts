/**
 * Reading a backup in one REPEATABLE READ, READ ONLY transaction, so a backup
 * is a consistent snapshot even while the server takes writes.
 */
import { type AnyColumn, asc, type SQL, sql } from 'drizzle-orm'
import type { Database, Db } from '../db/client'
import {
  adminUsers,
  contactMessages,
  profile,
  projectSlugs,
  projects,
  timelineEvents,
} from '../db/schema'
import { BACKUP_FORMAT, BACKUP_VERSION, type Backup, type BackupTables } from './format'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** A timestamptz as ISO 8601 in UTC with all six digits: nothing is rounded away. */
const iso = (column: AnyColumn): SQL<string> =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

async function readTables(tx: Tx): Promise<BackupTables> {
  return {
    profile: await tx
      .select({
        id: sql<1>`${profile.id}`,
        name: profile.name,
        birth_year: profile.birth_year,
        email: profile.email,
        university: profile.university,
        major: profile.major,
        focus: profile.focus,
        minor: profile.minor,
        headline: profile.headline,
        linkedin_url: profile.linkedin_url,
        github_url: profile.github_url,
        photo_url: profile.photo_url,
        created_at: iso(profile.created_at),
        updated_at: iso(profile.updated_at),
      })
      .from(profile),
    admin_users: await tx
      .select({
        id: adminUsers.id,
        username: adminUsers.username,
        password_hash: adminUsers.password_hash,
        created_at: iso(adminUsers.created_at),
        updated_at: iso(adminUsers.updated_at),
      })
      .from(adminUsers)
      .orderBy(asc(adminUsers.id)),
    projects: await tx
      .select({
        id: projects.id,
        slug: projects.slug,
        title: projects.title,
        description: projects.description,
        long_description: projects.long_description,
        website_url: projects.website_url,
        image_urls: projects.image_urls,
        tags: projects.tags,
        is_featured: projects.is_featured,
        created_at: iso(projects.created_at),
        updated_at: iso(projects.updated_at),
      })
      .from(projects)
      .orderBy(asc(projects.id)),
    project_slugs: await tx
      .select({
        slug: projectSlugs.slug,
        project_id: projectSlugs.project_id,
        created_at: iso(projectSlugs.created_at),
      })
      .from(projectSlugs)
      .orderBy(asc(projectSlugs.project_id), asc(projectSlugs.created_at), asc(projectSlugs.slug)),
    timeline_events: await tx
      .select({
        id: timelineEvents.id,
        title: timelineEvents.title,
        start_date: timelineEvents.start_date,
        end_date: timelineEvents.end_date,
        position: timelineEvents.position,
        icon_path: timelineEvents.icon_path,
        description: timelineEvents.description,
        event_type: timelineEvents.event_type,
        created_at: iso(timelineEvents.created_at),
        updated_at: iso(timelineEvents.updated_at),
      })
      .from(timelineEvents)
      .orderBy(asc(timelineEvents.id)),
    contact_messages: await tx
      .select({
        id: contactMessages.id,
        name: contactMessages.name,
        email: contactMessages.email,
        message: contactMessages.message,
        created_at: iso(contactMessages.created_at),
        updated_at: iso(contactMessages.updated_at),
      })
      .from(contactMessages)
      .orderBy(asc(contactMessages.id)),
  }
}

/** A consistent snapshot of everything a backup holds (one read-only transaction). */
export async function readBackup(db: Db, source: Database['kind']): Promise<Backup> {
  const created_at = new Date().toISOString()
  const tables = await db.transaction(readTables, {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  })
  return { format: BACKUP_FORMAT, version: BACKUP_VERSION, created_at, source, tables }
}
