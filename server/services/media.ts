import { arrayOverlaps, desc, eq, inArray, like } from 'drizzle-orm'
import type { ImageInfo, Media } from '../../src/schemas/media'
import type { Db } from '../db/client'
import { media, profile, projects, timelineEvents } from '../db/schema'
import { ConflictError, InvalidInputError, NotFoundError } from '../errors'
import { keyOfUrl, mediaUrl } from '../media/keys'
import { compactPlaceholder, processUpload } from '../media/process'
import { bumpContentVersion } from './content-version'
import type { ServiceContext } from './context'
import { iso } from './rows'
import { moveToTrash } from './trash'

type Row = typeof media.$inferSelect
/** A transaction handle, or the database itself. */
export type Reader = Pick<Db, 'select'>
type MediaContext = Pick<ServiceContext, 'db' | 'mediaStore' | 'log'>

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

function toMedia(row: Row): Media {
  return {
    id: row.id,
    ...toImageInfo(row),
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

/** Newest first; id breaks ties between uploads of the same instant. */
export async function listMedia(db: Db): Promise<Media[]> {
  const rows = await db.select().from(media).orderBy(desc(media.created_at), desc(media.id))
  return rows.map(toMedia)
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

export async function updateMediaAlt(db: Db, id: number, alt: string): Promise<Media> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(media)
      .set({ alt, updated_at: new Date() })
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

/** Where these URLs are used on the site, as phrases: `the project "X"`, `the profile photo`. */
async function usesOf(db: Reader, urls: string[]): Promise<string[]> {
  const usingProjects = await db
    .select({ title: projects.title })
    .from(projects)
    .where(arrayOverlaps(projects.image_urls, urls))
    .orderBy(projects.title)
  const usingEvents = await db
    .select({ title: timelineEvents.title })
    .from(timelineEvents)
    .where(inArray(timelineEvents.icon_path, urls))
    .orderBy(timelineEvents.title)
  const usingProfile = await db
    .select({ id: profile.id })
    .from(profile)
    .where(inArray(profile.photo_url, urls))
  return [
    ...usingProjects.map((project) => `the project "${project.title}"`),
    ...usingEvents.map((event) => `the timeline event "${event.title}"`),
    ...usingProfile.map(() => 'the profile photo'),
  ]
}

/**
 * Moves an image nothing uses any more to the Trash: a project's images, a
 * timeline event's icon or the profile photo naming its URL or a variant's
 * is a 409 that says which. Its files stay in the store until it is
 * removed for good (server/services/trash.ts).
 */
export async function deleteMedia(ctx: MediaContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(media).where(eq(media.id, id)).for('update').limit(1)
    if (!row) throw notFound()
    const uses = await usesOf(tx, keysOf(row).map(mediaUrl))
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
