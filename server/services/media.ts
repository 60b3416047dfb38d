import { desc, eq, getTableColumns, inArray, like } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { type ImageInfo, type Media, mediaLimits } from '../../src/schemas/media'
import type { ContentKind } from '../content/kind'
import { contentKinds } from '../content/registry'
import type { Db } from '../db/client'
import { bumpContentVersion } from '../db/content-version'
import { media, profile } from '../db/schema'
import { ConflictError, InvalidInputError, NotFoundError } from '../errors'
import { keyOfUrl, mediaUrl } from '../media/keys'
import { compactPlaceholder, processUpload } from '../media/process'
import type { ServiceContext } from './context'
import { iso } from './rows'
import { moveToTrash } from './trash'

type Row = typeof media.$inferSelect
/** The longest display name kept (file names are rarely longer than 255). */
const mediaNameMax = mediaLimits.nameMax
/** A transaction handle, or the database itself. */
export type Reader = Pick<Db, 'select'>
type MediaContext = Pick<ServiceContext, 'db' | 'mediaStore' | 'log' | 'siteUrl'>

function toImageInfo(row: Row): ImageInfo {
  return {
    url: mediaUrl(row.key),
    content_type: row.content_type,
    width: row.width,
    height: row.height,
    alt: row.alt,
    variants: row.variants.map((variant) => ({
      width: variant.width,
      url: mediaUrl(variant.key),
      content_type: variant.content_type,
    })),
    placeholder: row.placeholder,
  }
}

function toMedia(row: Row, uses: string[] = []): Media {
  return {
    id: row.id,
    ...toImageInfo(row),
    name: row.name,
    uses,
    bytes: row.bytes,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  }
}

/** Every key a row's files are stored under: the full-size fallback, then the variants. */
const keysOf = (row: Row) => [row.key, ...row.variants.map((variant) => variant.key)]

function notFound(): NotFoundError {
  return new NotFoundError('Image not found.')
}

async function byHash(db: Reader, hash: string): Promise<Row | undefined> {
  const [row] = await db.select().from(media).where(eq(media.hash, hash)).limit(1)
  return row
}

/** Newest first; id breaks ties between uploads of the same instant; each with where it is used. */
export async function listMedia(db: Db, siteUrl?: string): Promise<Media[]> {
  const rows = await db.select().from(media).orderBy(desc(media.created_at), desc(media.id))
  const sources = await readUseSources(db)
  return rows.map((row) => toMedia(row, usesIn(sources, row, siteUrl)))
}

/**
 * Stores an upload: its files named by the SHA-256 of its bytes, and its
 * row. The same bytes again are the same image: the row already stored is
 * returned (its alt text unchanged) and nothing is processed, unless its
 * files went missing from the store, which are then written again.
 */
export async function uploadMedia(
  ctx: MediaContext,
  input: { file: Blob; alt: string },
): Promise<Media> {
  // The name the file had on the owner's computer: shown and searched in the library.
  const name = input.file instanceof File ? input.file.name.slice(0, mediaNameMax) : ''
  const bytes = new Uint8Array(await input.file.arrayBuffer())
  const hash = new Bun.CryptoHasher('sha256').update(bytes).digest('hex')
  const stored = await byHash(ctx.db, hash)
  if (stored && (await ctx.mediaStore.exists(stored.key))) return toMedia(stored)

  const image = await processUpload(bytes, hash).catch((error: unknown) => {
    // A file of an accepted type that libvips could not decode: the client hears
    // "damaged"; the log keeps libvips' own words, in case it is the server's doing.
    if (error instanceof InvalidInputError && error.cause instanceof Error) {
      ctx.log.warn('an upload could not be decoded', { hash, error: error.cause.message })
    }
    throw error
  })
  for (const file of [image.full, ...image.variants]) {
    await ctx.mediaStore.put(file.key, file.bytes, file.contentType)
  }
  const inserted = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(media)
      .values({
        hash,
        key: image.full.key,
        content_type: image.full.contentType,
        width: image.width,
        height: image.height,
        bytes: image.full.bytes.byteLength,
        alt: input.alt,
        name,
        variants: image.variants.map((variant) => ({
          width: variant.width,
          key: variant.key,
          content_type: variant.contentType,
          bytes: variant.bytes.byteLength,
        })),
        placeholder: image.placeholder,
      })
      // The same bytes uploaded at the same moment: one row; the files are the same.
      .onConflictDoNothing({ target: media.hash })
      .returning()
    // Content may already name this URL (`/media/<hash>.jpg`): pages now show it with its info.
    if (row) await bumpContentVersion(tx)
    return row
  })
  const row = inserted ?? (await byHash(ctx.db, hash))
  if (!row) throw new Error('the uploaded image has no row')
  return toMedia(row)
}

/** The alt text and/or the display name; a field left out stays as it is. */
export async function updateMedia(
  db: Db,
  id: number,
  changes: { alt?: string | undefined; name?: string | undefined },
): Promise<Media> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(media)
      .set({ alt: changes.alt, name: changes.name, updated_at: new Date() })
      .where(eq(media.id, id))
      .returning()
    if (!row) throw notFound()
    // Pages show the alt text wherever the image is used.
    await bumpContentVersion(tx)
    return toMedia(row)
  })
}

/** `"A", "B" and "C"` */
function listed(items: string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}

/** What may use an image: each kind's fields that hold an image URL or Markdown, and the profile's. */
interface UseSources {
  /** Each kind's items (every one: drafts and scheduled notes too, shown once published). */
  kinds: { kind: ContentKind; rows: Record<string, unknown>[] }[]
  profile: { photo_url: string; bio: string }[]
}

/** The site's content, read once to find the uses of any number of images. */
async function readUseSources(db: Reader): Promise<UseSources> {
  const using = contentKinds.filter((kind) => kind.imageUses.length > 0)
  const [rows, usingProfile] = await Promise.all([
    Promise.all(
      using.map((kind) => {
        // Uses are named by the item's title.
        const title = getTableColumns(kind.table as PgTable).title
        if (!title) throw new Error(`${kind.name} has image uses but no title`)
        const fields = Object.fromEntries(
          kind.imageUses.map((use) => [use.column.name, use.column]),
        )
        return db
          .select({ title, ...fields })
          .from(kind.table as PgTable)
          .orderBy(title) as Promise<Record<string, unknown>[]>
      }),
    ),
    db.select({ photo_url: profile.photo_url, bio: profile.bio }).from(profile),
  ])
  return {
    kinds: using.map((kind, index) => ({ kind, rows: rows[index] ?? [] })),
    profile: usingProfile,
  }
}

/**
 * Whether `text` names one of the image's files: `/media/<key>` on its own
 * (a site-relative URL) or after the site's own address; the same path on
 * another host is not ours. Finds URLs in a field and inside Markdown alike.
 */
function mentions(text: string, keys: readonly string[], siteUrl: string): boolean {
  for (const key of keys) {
    const path = mediaUrl(key)
    let at = text.indexOf(path)
    while (at !== -1) {
      const after = text[at + path.length] ?? ''
      const before = text.slice(0, at)
      const ends = !/[\w.-]/.test(after)
      const ours = before.endsWith(siteUrl) || !/[\w.:/@-]$/.test(before)
      if (ends && ours) return true
      at = text.indexOf(path, at + 1)
    }
  }
  return false
}

/**
 * Where an image is used on the site, as phrases: `the project "X"`, `the
 * description of the project "X"`, `the cover of the note "X"`, `the text of
 * the note "X"`, `the profile photo`, `the profile's About text`. Image fields and Markdown fields, by site-relative URL or by the
 * site's absolute one. The one place that answers "is this image in use"
 * (deleting one, the library's list, anything that later moves images away).
 */
function usesIn(sources: UseSources, row: Row, siteUrl = 'http://localhost'): string[] {
  const keys = keysOf(row)
  const site = siteUrl.replace(/\/+$/, '')
  const named = (text: string | null) => text !== null && mentions(text, keys, site)
  /** A field's value: a URL, a list of them (or of Markdown bullets), or Markdown. */
  const names = (value: unknown) =>
    Array.isArray(value)
      ? value.some((item) => typeof item === 'string' && named(item))
      : typeof value === 'string' && named(value)
  return [
    ...sources.kinds.flatMap(({ kind, rows }) =>
      rows.flatMap((row) =>
        kind.imageUses
          .filter((use) => names(row[use.column.name]))
          .map((use) => use.place(String(row.title))),
      ),
    ),
    ...sources.profile.flatMap((owner) => [
      ...(named(owner.photo_url) ? ['the profile photo'] : []),
      ...(named(owner.bio) ? ["the profile's About text"] : []),
    ]),
  ]
}

/** Where this stored image is used (see `usesIn`): empty when nothing uses it. */
export async function findMediaUses(db: Reader, row: Row, siteUrl?: string): Promise<string[]> {
  return usesIn(await readUseSources(db), row, siteUrl)
}

/**
 * Moves an image nothing uses any more to the Trash: a project's images or
 * description, a timeline event's icon or bullets, a note's cover or text
 * (a draft's too), the profile photo or
 * About text naming its URL or a variant's (site-relative or absolute) is a
 * 409 that says which. Its files stay in the store until it is removed for
 * good (server/services/trash.ts).
 */
export async function deleteMedia(ctx: MediaContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(media).where(eq(media.id, id)).for('update').limit(1)
    if (!row) throw notFound()
    const uses = await findMediaUses(tx, row, ctx.siteUrl)
    if (uses.length > 0) {
      throw new ConflictError(
        `This image is still used by ${listed(uses)}: remove it there first, then delete it.`,
      )
    }
    await moveToTrash(tx, 'image', id)
    await bumpContentVersion(tx)
  })
}

/**
 * What pages need to show the uploaded images among these URLs (any of a
 * row's URLs: its fallback or a variant), in one query; a URL that is not
 * an upload (an external image, a file of the site) has none.
 */
export async function imagesFor(db: Reader, urls: Iterable<string>): Promise<ImageLookup> {
  const wanted = new Map<string, { key: string; hash: string }>()
  for (const url of urls) {
    const found = keyOfUrl(url)
    if (found) wanted.set(url, found)
  }
  const hashes = [...new Set([...wanted.values()].map((found) => found.hash))]
  const rows =
    hashes.length > 0 ? await db.select().from(media).where(inArray(media.hash, hashes)) : []
  const byHashes = new Map(rows.map((row) => [row.hash, row]))
  const infos = new Map<string, ImageInfo>()
  for (const [url, { key, hash }] of wanted) {
    const row = byHashes.get(hash)
    if (row && keysOf(row).includes(key)) infos.set(url, toImageInfo(row))
  }
  return (url) => (url === null ? null : (infos.get(url) ?? null))
}

/** The image info of a URL, or null when it is not one of the uploads asked about. */
export type ImageLookup = (url: string | null) => ImageInfo | null

/**
 * Re-encodes the placeholders stored by earlier versions (PNG data: URLs,
 * 0.5–2.2 KB each) as the WebP that uploads now get (about 100 bytes), so
 * pages that list many images stay small. Runs at start-up; a no-op (and no
 * sharp loaded) once every row is done. Several instances doing it at once
 * write the same values. Returns how many rows changed.
 */
export async function compactStoredPlaceholders(db: Db): Promise<number> {
  const rows = await db
    .select({ id: media.id, placeholder: media.placeholder })
    .from(media)
    .where(like(media.placeholder, 'data:image/png;%'))
  let changed = 0
  for (const row of rows) {
    const placeholder = await compactPlaceholder(row.placeholder)
    if (placeholder === row.placeholder) continue
    await db.update(media).set({ placeholder }).where(eq(media.id, row.id))
    changed++
  }
  if (changed > 0) await bumpContentVersion(db)
  return changed
}
