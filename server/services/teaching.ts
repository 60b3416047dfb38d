/** Teaching (`/teaching`): the rules and queries. In the owner's order; drafts are the admin's. */
import { eq, type SQL } from 'drizzle-orm'
import type { Teaching, TeachingData } from '../../src/schemas/teaching'
import { teachingKind } from '../content/teaching'
import type { Db } from '../db/client'
import { writeContent } from '../db/content-version'
import { teaching } from '../db/schema'
import { NotFoundError } from '../errors'
import { renderMarkdown } from '../markdown/render'
import { firstPlace, listOrder, reorderRows } from './ordering'
import { iso } from './rows'
import { moveToTrash } from './trash'

const notFound = () => new NotFoundError(teachingKind.trash.notFound)
export const isPublished: SQL = eq(teaching.status, 'published')

const columns = {
  id: teaching.id,
  course: teaching.course,
  institution: teaching.institution,
  role: teaching.role,
  terms: teaching.terms,
  description: teaching.description,
  status: teaching.status,
  sort_order: teaching.sort_order,
  created_at: teaching.created_at,
  updated_at: teaching.updated_at,
}
const selectTeaching = (db: Db, where: SQL | undefined) =>
  db
    .select(columns)
    .from(teaching)
    .where(where)
    .orderBy(...listOrder(teaching))
type Stored = Awaited<ReturnType<typeof selectTeaching>>[number]

const toTeaching = (row: Stored): Teaching => ({
  ...row,
  description_html: renderMarkdown(row.description, { headingBase: 3 }),
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
})

/** In the owner's order; drafts for the signed-in admin. */
export async function listTeaching(db: Db, drafts = false): Promise<Teaching[]> {
  return (await selectTeaching(db, drafts ? undefined : isPublished)).map(toTeaching)
}

export async function getTeaching(db: Db, id: number): Promise<Teaching> {
  const [row] = await selectTeaching(db, eq(teaching.id, id))
  if (!row) throw notFound()
  return toTeaching(row)
}

export async function createTeaching(db: Db, data: TeachingData, now: Date): Promise<Teaching> {
  return writeContent(db, async (tx) => {
    const [row] = await tx
      .insert(teaching)
      .values({
        ...data,
        sort_order: await firstPlace(tx, teaching),
        created_at: now,
        updated_at: now,
      })
      .returning(columns)
    if (!row) throw new Error('insert returned no row')
    return toTeaching(row)
  })
}

export async function updateTeaching(
  db: Db,
  id: number,
  data: TeachingData,
  now: Date,
): Promise<Teaching> {
  return writeContent(db, async (tx) => {
    const [row] = await tx
      .update(teaching)
      .set({ ...data, updated_at: now })
      .where(eq(teaching.id, id))
      .returning(columns)
    if (!row) throw notFound()
    return toTeaching(row)
  })
}

export async function deleteTeaching(db: Db, id: number): Promise<void> {
  return writeContent(db, (tx) => moveToTrash(tx, 'teaching', id))
}

export async function reorderTeaching(db: Db, ids: readonly number[]): Promise<void> {
  return writeContent(db, (tx) => reorderRows(tx, teaching, ids, 'course'))
}
