import { desc, eq } from 'drizzle-orm'
import type { TimelineData, TimelineEvent } from '../../src/schemas/timeline'
import type { Db } from '../db/client'
import { timelineEvents } from '../db/schema'
import { NotFoundError } from '../errors'
import { bumpContentVersion } from './content-version'
import { type ImageLookup, imagesFor } from './media'
import { iso } from './rows'

type Row = typeof timelineEvents.$inferSelect

function toEvent(row: Row, images: ImageLookup): TimelineEvent {
  return {
    id: row.id,
    title: row.title,
    start_date: row.start_date,
    end_date: row.end_date,
    position: row.position,
    icon_path: row.icon_path,
    icon: images(row.icon_path),
    description: row.description,
    event_type: row.event_type,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  }
}

/** An event as it leaves the server, with the info of its icon when that is an upload. */
async function withIcon(db: Pick<Db, 'select'>, row: Row): Promise<TimelineEvent> {
  return toEvent(row, await imagesFor(db, row.icon_path === null ? [] : [row.icon_path]))
}

function notFound(): NotFoundError {
  return new NotFoundError('Timeline event not found.')
}

export async function listEvents(db: Db): Promise<TimelineEvent[]> {
  const rows = await db
    .select()
    .from(timelineEvents)
    .orderBy(desc(timelineEvents.created_at), desc(timelineEvents.id))
  const images = await imagesFor(
    db,
    rows.flatMap((row) => (row.icon_path === null ? [] : [row.icon_path])),
  )
  return rows.map((row) => toEvent(row, images))
}

export async function getEvent(db: Db, id: number): Promise<TimelineEvent> {
  const [row] = await db.select().from(timelineEvents).where(eq(timelineEvents.id, id)).limit(1)
  if (!row) throw notFound()
  return withIcon(db, row)
}

export async function createEvent(db: Db, data: TimelineData): Promise<TimelineEvent> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(timelineEvents).values(data).returning()
    if (!row) throw new Error('insert returned no row')
    await bumpContentVersion(tx)
    return withIcon(tx, row)
  })
}

export async function updateEvent(db: Db, id: number, data: TimelineData): Promise<TimelineEvent> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(timelineEvents)
      .set({ ...data, updated_at: new Date() })
      .where(eq(timelineEvents.id, id))
      .returning()
    if (!row) throw notFound()
    await bumpContentVersion(tx)
    return withIcon(tx, row)
  })
}

export async function deleteEvent(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(timelineEvents)
      .where(eq(timelineEvents.id, id))
      .returning({ id: timelineEvents.id })
    if (deleted.length === 0) throw notFound()
    await bumpContentVersion(tx)
  })
}
