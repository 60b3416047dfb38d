import { eq } from 'drizzle-orm'
import type { TimelineData, TimelineEvent } from '../../src/schemas/timeline'
import type { Db } from '../db/client'
import { timelineEvents } from '../db/schema'
import { writeContent } from './content-version'
import { contentRows, toApiRow } from './rows'

const events = contentRows(timelineEvents, 'Timeline event not found.')

export const listEvents = events.list
export const getEvent = events.byId

export async function createEvent(db: Db, data: TimelineData): Promise<TimelineEvent> {
  return writeContent(db, async (tx) => {
    const [row] = await tx.insert(timelineEvents).values(data).returning()
    if (!row) throw new Error('insert returned no row')
    return toApiRow(row)
  })
}

export async function updateEvent(db: Db, id: number, data: TimelineData): Promise<TimelineEvent> {
  return writeContent(db, async (tx) => {
    const [row] = await tx
      .update(timelineEvents)
      .set({ ...data, updated_at: new Date() })
      .where(eq(timelineEvents.id, id))
      .returning()
    if (!row) throw events.notFound()
    return toApiRow(row)
  })
}

export async function deleteEvent(db: Db, id: number): Promise<void> {
  return writeContent(db, (tx) => events.delete(tx, id))
}
