import { eq, sql } from 'drizzle-orm'
import { placeByStartDate } from '../../src/domain/start-date'
import type { TimelineData, TimelineEvent } from '../../src/schemas/timeline'
import type { Db } from '../db/client'
import { type Tx, writeContent } from '../db/content-version'
import { checkVersion, nextUpdatedAt, versionOf } from '../db/row-version'
import { timelineEvents } from '../db/schema'
import { renderInlineMarkdown } from '../markdown/render'
import { imagesFor, type Reader } from './media'
import { listOrder, reorderRows } from './ordering'
import { type ApiRow, contentRows, toApiRow } from './rows'
import { moveToTrash } from './trash'

/** The advisory lock every write of the timeline's order takes (creating an event, reordering). */
const TIMELINE_ORDER_LOCK_KEY = 72_616_031

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
    version: versionOf(row.updated_at),
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

/**
 * The insert of `createEvent`, inside a caller's write (which bumps the
 * content version). The new event takes its place by start date among the
 * others (src/domain/start-date.ts); the others keep their order, manual or
 * not: the rows after it move one down.
 */
export async function createEventIn(tx: Tx, data: TimelineData): Promise<TimelineEvent> {
  // One order write at a time (on every instance): the rows are then read
  // after the last writer committed, never from a snapshot that misses its
  // new event, and the row locks below are never taken in two orders at once
  // (which PostgreSQL would end as a deadlock, a 500).
  await tx.execute(sql`select pg_advisory_xact_lock(${TIMELINE_ORDER_LOCK_KEY})`)
  const stored = await tx
    .select({
      id: timelineEvents.id,
      start_date: timelineEvents.start_date,
      sort_order: timelineEvents.sort_order,
    })
    .from(timelineEvents)
    .orderBy(...listOrder(timelineEvents))
    .for('update')
  const place = placeByStartDate(
    stored.map((row) => row.start_date),
    data.start_date,
  )
  let sortOrder: number
  if (place === 0) {
    sortOrder = (stored[0]?.sort_order ?? 0) - 1
  } else {
    // Renumbered 0…n-1 around the gap, so equal sort_orders cannot blur the place.
    const ids = stored.map((row) => row.id)
    const list = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )
    await tx.execute(
      sql`update ${timelineEvents}
          set sort_order = (case when ordered.place - 1 < ${place} then ordered.place - 1 else ordered.place end)::integer
          from unnest(array[${list}]::integer[]) with ordinality as ordered(id, place)
          where ${timelineEvents.id} = ordered.id`,
    )
    sortOrder = place
  }
  const [row] = await tx
    .insert(timelineEvents)
    .values({ ...data, sort_order: sortOrder })
    .returning()
  if (!row) throw new Error('insert returned no row')
  return withIcon(tx, toApiRow(row))
}

/** Replaces the event's fields; with `version`, a save over another version is a 409 (see projects). */
export async function updateEvent(
  db: Db,
  id: number,
  data: TimelineData,
  version?: number,
): Promise<TimelineEvent> {
  return writeContent(db, async (tx) => {
    const [current] = await tx
      .select()
      .from(timelineEvents)
      .where(eq(timelineEvents.id, id))
      .for('update')
      .limit(1)
    if (!current) throw events.notFound()
    await checkVersion(version, current.updated_at, () => withIcon(tx, toApiRow(current)), {
      id,
      ...data,
      version,
    })
    const [row] = await tx
      .update(timelineEvents)
      .set({ ...data, updated_at: nextUpdatedAt(current.updated_at) })
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
  return writeContent(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${TIMELINE_ORDER_LOCK_KEY})`)
    await reorderRows(tx, timelineEvents, ids, 'timeline event')
  })
}
