import { eq } from 'drizzle-orm'
import type { TimelineData, TimelineEvent } from '../../src/schemas/timeline'
import type { Db } from '../db/client'
import { timelineEvents } from '../db/schema'
import { renderInlineMarkdown } from '../markdown/render'
import { type Tx, writeContent } from './content-version'
import { imagesFor, type Reader } from './media'
import { firstPlace, listOrder, reorderRows } from './ordering'
import { type ApiRow, contentRows, toApiRow } from './rows'
import { moveToTrash } from './trash'

const events = contentRows(timelineEvents, 'Timeline event not found.', listOrder(timelineEvents))

type Stored = ApiRow<typeof timelineEvents.$inferSelect>

/** Events as they leave the server, with the info of their icons when uploads (one query). */
async function withIcons(db: Reader, list: Stored[]): Promise<TimelineEvent[]> {
  const images = await imagesFor(
    db,
    list.flatMap((row) => (row.icon_path === null ? [] : [row.icon_path])),
  )
  return list.map(({ sort_order: _order, ...row }) => ({
    ...row,
    description_html: row.description.map((bullet) => renderInlineMarkdown(bullet)),
    icon: images(row.icon_path),
  }))
}

async function withIcon(db: Reader, row: Stored): Promise<TimelineEvent> {
  const [event] = await withIcons(db, [row])
  if (!event) throw new Error('a timeline event went missing')
  return event
}

/** In the manual order (a new event comes first). */
export async function listEvents(db: Db): Promise<TimelineEvent[]> {
  return withIcons(db, await events.list(db))
}

export async function getEvent(db: Db, id: number): Promise<TimelineEvent> {
  return withIcon(db, await events.byId(db, id))
}

export async function createEvent(db: Db, data: TimelineData): Promise<TimelineEvent> {
  return writeContent(db, (tx) => createEventIn(tx, data))
}

/** The insert of `createEvent`, inside a caller's write (which bumps the content version). */
export async function createEventIn(tx: Tx, data: TimelineData): Promise<TimelineEvent> {
  const [row] = await tx
    .insert(timelineEvents)
    .values({ ...data, sort_order: await firstPlace(tx, timelineEvents) })
    .returning()
  if (!row) throw new Error('insert returned no row')
  return withIcon(tx, toApiRow(row))
}

export async function updateEvent(db: Db, id: number, data: TimelineData): Promise<TimelineEvent> {
  return writeContent(db, async (tx) => {
    const [row] = await tx
      .update(timelineEvents)
      .set({ ...data, updated_at: new Date() })
      .where(eq(timelineEvents.id, id))
      .returning()
    if (!row) throw events.notFound()
    return withIcon(tx, toApiRow(row))
  })
}

/** Moves the event to the Trash; 404 when there is none. */
export async function deleteEvent(db: Db, id: number): Promise<void> {
  return writeContent(db, (tx) => moveToTrash(tx, 'timeline_event', id))
}

/** The new manual order: every event's id once, first to last (else InvalidInputError). */
export async function reorderEvents(db: Db, ids: readonly number[]): Promise<void> {
  return writeContent(db, (tx) => reorderRows(tx, timelineEvents, ids, 'timeline event'))
}
