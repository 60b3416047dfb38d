/**
 * The CV at /cv.pdf: the PDF the owner uploaded, or none (the server makes
 * one from the content). The uploaded file is kept in the media store under
 * `<sha256>.pdf` and named by the single `cv_file` row; setting or removing
 * it bumps the content version, so every cached /cv.pdf is dropped.
 */
import { eq } from 'drizzle-orm'
import { type CvStatus, cvLimits } from '../../src/schemas/cv'
import type { Db } from '../db/client'
import { bumpContentVersion } from '../db/content-version'
import { cvFile } from '../db/schema'
import { InvalidInputError } from '../errors'
import { documentKey, mediaUrl } from '../media/keys'
import type { ServiceContext } from './context'
import { iso } from './rows'

type CvContext = Pick<ServiceContext, 'db' | 'mediaStore' | 'log'>

/** "%PDF-": every PDF starts so (ISO 32000-1, 7.5.2); a name or a declared type proves nothing. */
const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]

export function looksLikePdf(bytes: Uint8Array): boolean {
  return PDF_MAGIC.every((byte, index) => bytes[index] === byte)
}

export interface UploadedCv {
  key: string
  bytes: number
  file_name: string
  updated_at: Date
}

/** The uploaded CV's row, or null when /cv.pdf is the generated one. */
export async function getUploadedCv(db: Db): Promise<UploadedCv | null> {
  const [row] = await db
    .select({
      key: cvFile.key,
      bytes: cvFile.bytes,
      file_name: cvFile.file_name,
      updated_at: cvFile.updated_at,
    })
    .from(cvFile)
    .where(eq(cvFile.id, 1))
    .limit(1)
  return row ?? null
}

export async function getCvStatus(db: Db): Promise<CvStatus> {
  const row = await getUploadedCv(db)
  return {
    uploaded: row
      ? {
          file_name: row.file_name,
          bytes: row.bytes,
          url: mediaUrl(row.key),
          uploaded_at: iso(row.updated_at),
        }
      : null,
  }
}

/** A file name as the admin shows it: no path, no control characters, at most 200 characters. */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return base.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200)
}

/** Sets the uploaded CV (a PDF of at most 10 MB, else InvalidInputError); the old file goes. */
export async function uploadCv(ctx: CvContext, file: File): Promise<CvStatus> {
  if (file.size > cvLimits.maxBytes) {
    throw new InvalidInputError('The CV must be a PDF of at most 10 MB.')
  }
  const bytes = new Uint8Array(await file.arrayBuffer())
  if (!looksLikePdf(bytes)) {
    throw new InvalidInputError('The CV must be a PDF file (it does not start with %PDF-).')
  }
  const key = documentKey(new Bun.CryptoHasher('sha256').update(bytes).digest('hex'))
  // The file first: nothing names it until the row is committed.
  await ctx.mediaStore.put(key, bytes, 'application/pdf')
  const previous = await ctx.db.transaction(async (tx) => {
    const [old] = await tx
      .select({ key: cvFile.key })
      .from(cvFile)
      .where(eq(cvFile.id, 1))
      .for('update')
      .limit(1)
    const values = { key, bytes: bytes.byteLength, file_name: cleanName(file.name) }
    await tx
      .insert(cvFile)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: cvFile.id, set: { ...values, updated_at: new Date() } })
    await bumpContentVersion(tx)
    return old?.key ?? null
  })
  if (previous && previous !== key) await ctx.mediaStore.delete(previous)
  ctx.log.info('the uploaded CV was set', { key, bytes: bytes.byteLength })
  return getCvStatus(ctx.db)
}

/** Back to the generated CV; the uploaded file goes. Nothing uploaded: nothing to do. */
export async function removeCv(ctx: CvContext): Promise<void> {
  const removed = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(cvFile).where(eq(cvFile.id, 1)).returning({ key: cvFile.key })
    if (row) await bumpContentVersion(tx)
    return row?.key ?? null
  })
  if (removed) {
    await ctx.mediaStore.delete(removed)
    ctx.log.info('the uploaded CV was removed; /cv.pdf is generated again', { key: removed })
  }
}
