/**
 * The Trash: a delete of a project, timeline event, message,
 * image or note moves its row here (server/db/schema.ts, `trash`) in the delete's
 * own transaction, so it leaves every public answer, list, page, sitemap
 * and cache at once. A restore puts the row back as it was: its id, its
 * `sort_order` (its place in the manual order), a project's or a note's
 * slugs (a note its state: draft, scheduled or live), an
 * image's files (never removed while it is in the Trash). After 30 days
 * `purgeTrash` removes it for good.
 */
import { and, desc, eq, getTableColumns, inArray, lt, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { TRASH_DAYS, type TrashItem, type TrashKind } from '../../src/schemas/trash'
import { describeIssues, rowIssues } from '../backup/field-rules'
import type { ContentKind } from '../content/kind'
import { contentKind, contentKinds } from '../content/registry'
import type { Db } from '../db/client'
import { bumpContentVersion, type Tx } from '../db/content-version'
import { media, revisions, trash } from '../db/schema'
import { ConflictError, InvalidInputError, NotFoundError } from '../errors'
import type { Job } from '../jobs/runner'
import type { MediaStore } from '../media/store'
import { iso, pgErrorCode } from './rows'
import { claimSlug } from './slugs'

type Row = Record<string, unknown>

const DAY_MS = 24 * 60 * 60_000

const notInTrash = () => new NotFoundError('Nothing in the Trash has that kind and id.')

/** A row as JSON (timestamps as ISO strings), the way the Trash and revisions keep it. */
export function rowJson(row: object): Row {
  return JSON.parse(JSON.stringify(row)) as Row
}

/**
 * A kept row as values for its table today: columns it names that no longer
 * exist are dropped, columns added since take their defaults, timestamps
 * come back as dates.
 */
export function revive(table: PgTable, row: Row): Row {
  const columns = getTableColumns(table)
  const values: Row = {}
  for (const [key, column] of Object.entries(columns)) {
    // A generated column (a note's search document) is computed again.
    if (!(key in row) || column.generated) continue
    const value = row[key]
    values[key] = column.dataType === 'date' && typeof value === 'string' ? new Date(value) : value
  }
  return values
}

/**
 * Moves one row of `kind` into the Trash, inside the caller's transaction
 * (which bumps the content version when it is public content). A project's
 * slugs go with it (still reserved for it); 404 when there is no such row.
 */
export async function moveToTrash(tx: Tx, kind: TrashKind, id: number): Promise<void> {
  const descriptor = contentKind(kind)
  const { table, trash: facet, slugs: slugRules } = descriptor
  const source: PgTable = table
  const [row] = (await tx
    .select()
    .from(source)
    .where(eq(table.id, id))
    .for('update')
    .limit(1)) as Row[]
  if (!row) throw new NotFoundError(facet.notFound)
  // A generated column (a note's search document) is not kept: it is computed again.
  for (const [key, column] of Object.entries(getTableColumns(source))) {
    if (column.generated) delete row[key]
  }
  const slugs = slugRules
    ? (
        (await tx
          .select({ slug: slugRules.slug })
          .from(slugRules.table)
          .where(eq(slugRules.item, id))
          .orderBy(slugRules.created, slugRules.slug)) as { slug: string }[]
      ).map((slug) => slug.slug)
    : []
  const title = facet.title(row)
  // An item's slugs go with it (ON DELETE CASCADE), kept in the Trash row.
  await tx.delete(table).where(eq(table.id, id))
  await tx
    .insert(trash)
    .values({ kind, item_id: id, title, row: rowJson(row), slugs })
    // Restored, then deleted again: the newer deletion replaces the older.
    .onConflictDoUpdate({
      target: [trash.kind, trash.item_id],
      set: {
        title,
        row: rowJson(row),
        slugs,
        deleted_at: sql`now()`,
      },
    })
}

/** Newest deletion first. */
export async function listTrash(db: Db): Promise<TrashItem[]> {
  const rows = await db
    .select({
      kind: trash.kind,
      id: trash.item_id,
      title: trash.title,
      deleted_at: trash.deleted_at,
    })
    .from(trash)
    .orderBy(desc(trash.deleted_at), trash.kind, desc(trash.item_id))
  return rows.map((row) => ({ ...row, deleted_at: iso(row.deleted_at) }))
}

/**
 * Whether an item of `kind` in the Trash had `slug` (current or former): its page answers
 * 410 Gone rather than 404, so a site it mentioned, fetching it again, removes the mention.
 */
export async function slugInTrash(db: Db, kind: TrashKind, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ id: trash.item_id })
    .from(trash)
    .where(and(eq(trash.kind, kind), sql`${slug} = any(${trash.slugs})`))
    .limit(1)
  return Boolean(row)
}

/**
 * Puts an item back where it was: same id, same place in the manual order,
 * a project with its slugs (if a slug was taken meanwhile, which only a
 * backup restore can cause, the project gets the next free one for its
 * title). An image re-uploaded while it was in the Trash is simply dropped
 * from the Trash: the library already has it.
 */
export async function restoreFromTrash(db: Db, kind: TrashKind, id: number): Promise<TrashItem> {
  return db.transaction(async (tx) => {
    const [item] = await tx
      .select()
      .from(trash)
      .where(and(eq(trash.kind, kind), eq(trash.item_id, id)))
      .for('update')
      .limit(1)
    if (!item) throw notInTrash()
    const descriptor = contentKind(kind)
    // What comes back passes the input's rules (a backup may have brought the row in).
    const issues = rowIssues(kind, item.row)
    if (issues.length > 0) {
      throw new InvalidInputError(
        `This item cannot come back as it is kept (trash ${kind} ${id}: ${describeIssues(issues)}).`,
      )
    }
    const values = revive(descriptor.table, item.row)
    if (descriptor.trash.sameAs) {
      await restoreUnlessUploadedAgain(tx, descriptor, values, item.row)
    } else if (descriptor.slugs) {
      await restoreWithSlugs(tx, descriptor, values, item.slugs)
    } else {
      try {
        await tx.insert(descriptor.table).values(values)
      } catch (error) {
        if (pgErrorCode(error) === '23505') {
          throw new ConflictError(`An item with the id ${id} exists already: it cannot come back.`)
        }
        throw error
      }
    }
    await tx.delete(trash).where(and(eq(trash.kind, kind), eq(trash.item_id, id)))
    if (descriptor.public) await bumpContentVersion(tx)
    return { kind, id, title: item.title, deleted_at: iso(item.deleted_at) }
  })
}

/**
 * An image uploaded again while it was in the Trash is simply dropped from
 * the Trash: the library already has it (the same bytes, the same `sameAs`).
 */
async function restoreUnlessUploadedAgain(
  tx: Tx,
  kind: ContentKind,
  values: Row,
  kept: Row,
): Promise<void> {
  const { table, trash: facet } = kind
  if (!facet.sameAs) return
  const inserted = await tx
    .insert(table)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: table.id })
  if (inserted.length > 0) return
  const [again] = await tx
    .select({ id: table.id })
    .from(table as PgTable)
    .where(eq(facet.sameAs, kept[facet.sameAs.name]))
    .limit(1)
  if (!again) {
    throw new ConflictError(`An ${kind.labels.noun} with this id is already in the library.`)
  }
}

/**
 * An item with addresses (a project, a note) comes back with its state
 * (a note draft, scheduled or live, `went_live_at` as it was) and every slug
 * it had. A slug taken meanwhile (only a backup restore can cause it) is
 * left to its owner; if the current one is, the item takes the next free
 * one for its title. A scheduled note whose time passed while it was in the
 * Trash goes live at the job's next run.
 */
async function restoreWithSlugs(
  tx: Tx,
  kind: ContentKind,
  values: Row,
  slugs: string[],
): Promise<void> {
  const { table, slugs: rules } = kind
  if (!rules) return
  const id = Number(values.id)
  const [clash] = await tx
    .select({ id: table.id })
    .from(table as PgTable)
    .where(eq(table.id, id))
    .limit(1)
  if (clash) throw new ConflictError(`A ${kind.name} with the id ${id} exists already.`)
  const all = [...new Set([...slugs, String(values.slug)])]
  const owned = (await tx
    .select({ slug: rules.slug })
    .from(rules.table)
    .where(inArray(rules.slug, all))) as { slug: string }[]
  const taken = new Set(owned.map((row) => row.slug))
  const slug = taken.has(String(values.slug))
    ? await claimSlug(tx, kind, String(values.title), id)
    : String(values.slug)
  await tx.insert(table).values({ ...values, [rules.current.name]: slug })
  const kept = [...new Set([...all.filter((each) => !taken.has(each)), slug])]
  await tx
    .insert(rules.table)
    .values(kept.map((each) => ({ [rules.slug.name]: each, [rules.item.name]: id })))
    .onConflictDoNothing()
}

export interface FileRemoval {
  store: MediaStore
  log: { warn: (message: string, details?: Record<string, unknown>) => void }
}

/** The stored files of trashed images that no image still in the library or the Trash shares. */
async function orphanedFiles(db: Pick<Db, 'select'>, gone: Row[]): Promise<string[]> {
  const hashes = gone.map((row) => String(row.hash))
  if (hashes.length === 0) return []
  const live = await db.select({ hash: media.hash }).from(media).where(inArray(media.hash, hashes))
  const trashed = await db
    .select({ hash: sql<string>`${trash.row} ->> 'hash'` })
    .from(trash)
    .where(and(eq(trash.kind, 'image'), inArray(sql`${trash.row} ->> 'hash'`, hashes)))
  const kept = new Set([...live, ...trashed].map((row) => row.hash))
  return gone
    .filter((row) => !kept.has(String(row.hash)))
    .flatMap((row) => [
      String(row.key),
      ...((row.variants as { key: string }[] | undefined) ?? []).map((variant) => variant.key),
    ])
}

async function removeFiles(files: FileRemoval, keys: string[]): Promise<void> {
  for (const key of keys) {
    try {
      await files.store.delete(key)
    } catch (error) {
      files.log.warn('a deleted image file could not be removed', {
        key,
        error: error instanceof Error ? error.message : String(error),
      })
    }
  }
}

/**
 * Removes an item from the Trash for good: a project's revisions go with
 * it, an image's files too (unless the same image was uploaded again).
 */
export async function deleteFromTrash(
  db: Db,
  files: FileRemoval,
  kind: TrashKind,
  id: number,
): Promise<void> {
  const gone = await db.transaction(async (tx) => {
    const [item] = await tx
      .delete(trash)
      .where(and(eq(trash.kind, kind), eq(trash.item_id, id)))
      .returning()
    if (!item) throw notInTrash()
    if (contentKind(kind).revisions) {
      await tx
        .delete(revisions)
        .where(and(sql`${revisions.kind} = ${kind}`, eq(revisions.item_id, id)))
    }
    return item
  })
  if (contentKind(kind).trash.keepsFiles) {
    await removeFiles(files, await orphanedFiles(db, [gone.row]))
  }
}

/**
 * Removes everything deleted more than 30 days before `now`: one DELETE
 * statement on the Trash, so two instances running it at once remove each
 * row once (the second waits for the first's row locks and finds nothing
 * left), then in the same transaction the revisions of the projects it
 * removed, and after it the files of the images it removed. Safe on any
 * number of instances. Returns how many items went.
 */
export async function purgeTrash(db: Db, now: Date, files?: FileRemoval): Promise<number> {
  const cutoff = new Date(now.getTime() - TRASH_DAYS * DAY_MS)
  const gone = await db.transaction(async (tx) => {
    const removed = await tx
      .delete(trash)
      .where(lt(trash.deleted_at, cutoff))
      .returning({ kind: trash.kind, item_id: trash.item_id, row: trash.row })
    for (const kind of contentKinds.filter((each) => each.revisions)) {
      const ids = removed.filter((item) => item.kind === kind.name).map((item) => item.item_id)
      if (ids.length === 0) continue
      await tx
        .delete(revisions)
        .where(and(sql`${revisions.kind} = ${kind.name}`, inArray(revisions.item_id, ids)))
    }
    return removed
  })
  if (files) {
    const images = gone
      .filter((item) => contentKind(item.kind).trash.keepsFiles)
      .map((item) => item.row)
    await removeFiles(files, await orphanedFiles(db, images))
  }
  return gone.length
}

/**
 * The Trash keeps an item 30 days; then it goes for good, with a project's
 * revisions and an image's files. One DELETE claims the rows, so even two
 * runs at once would remove each item once.
 */
export function trashPurgeJob(files: FileRemoval): Job {
  return {
    name: 'trash-purge',
    everyMs: 3_600_000,
    async run({ db, now }) {
      await purgeTrash(db, now(), files)
    },
  }
}
