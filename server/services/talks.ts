/** Talks (`/talks`): the rules and queries. Newest first; drafts are the signed-in admin's. */
import { desc, eq, type SQL } from 'drizzle-orm'
import type { Talk, TalkData } from '../../src/schemas/talk'
import { talkKind } from '../content/talk'
import type { Db } from '../db/client'
import { writeContent } from '../db/content-version'
import { talks } from '../db/schema'
import { NotFoundError } from '../errors'
import { renderMarkdown } from '../markdown/render'
import { iso } from './rows'
import { moveToTrash } from './trash'

const notFound = () => new NotFoundError(talkKind.trash.notFound)
export const isPublished: SQL = eq(talks.status, 'published')

const columns = {
  id: talks.id,
  title: talks.title,
  event: talks.event,
  date: talks.date,
  place: talks.place,
  online: talks.online,
  type: talks.type,
  abstract: talks.abstract,
  slides_url: talks.slides_url,
  video_url: talks.video_url,
  recording_url: talks.recording_url,
  status: talks.status,
  created_at: talks.created_at,
  updated_at: talks.updated_at,
}
type Stored = Awaited<ReturnType<typeof selectTalks>>[number]
const selectTalks = (db: Db, where: SQL | undefined) =>
  db.select(columns).from(talks).where(where).orderBy(desc(talks.date), desc(talks.id))

const toTalk = (row: Stored): Talk => ({
  ...row,
  abstract_html: renderMarkdown(row.abstract, { headingBase: 3 }),
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
})

/** Newest first; drafts for the signed-in admin. */
export async function listTalks(db: Db, drafts = false): Promise<Talk[]> {
  return (await selectTalks(db, drafts ? undefined : isPublished)).map(toTalk)
}

export async function getTalk(db: Db, id: number): Promise<Talk> {
  const [row] = await selectTalks(db, eq(talks.id, id))
  if (!row) throw notFound()
  return toTalk(row)
}

export async function createTalk(db: Db, data: TalkData, now: Date): Promise<Talk> {
  return writeContent(db, async (tx) => {
    const [row] = await tx
      .insert(talks)
      .values({ ...data, created_at: now, updated_at: now })
      .returning(columns)
    if (!row) throw new Error('insert returned no row')
    return toTalk(row)
  })
}

export async function updateTalk(db: Db, id: number, data: TalkData, now: Date): Promise<Talk> {
  return writeContent(db, async (tx) => {
    const [row] = await tx
      .update(talks)
      .set({ ...data, updated_at: now })
      .where(eq(talks.id, id))
      .returning(columns)
    if (!row) throw notFound()
    return toTalk(row)
  })
}

export async function deleteTalk(db: Db, id: number): Promise<void> {
  return writeContent(db, (tx) => moveToTrash(tx, 'talk', id))
}
