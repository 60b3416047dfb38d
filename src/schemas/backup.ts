import { z } from './zod'

/**
 * Backups from the admin: the file of `bun run backup` (media files inside,
 * base64), so a restore's body may be large.
 */
export const backupLimits = {
  maxBytes: 100 * 1024 * 1024,
} as const

/** `POST /api/restore/preview`: the backup file's JSON as `backup`. */
export const backupPreviewInput = z.object({
  backup: z.unknown(),
})

/** `POST /api/restore`: the file, and the owner's password typed again. */
export const restoreInput = z.object({
  password: z
    .string({ error: 'Enter your password to restore.' })
    .min(1, 'Enter your password to restore.')
    .max(1_000, 'The password is too long.'),
  backup: z.unknown(),
})

/** What a backup file holds: rows per table, image files, when it was taken. */
export const backupSummarySchema = z.object({
  created_at: z.string(),
  version: z.number(),
  source: z.enum(['pglite', 'postgres']).nullable(),
  tables: z.record(z.string(), z.number()),
  media_files: z.number(),
})
export type BackupSummary = z.infer<typeof backupSummarySchema>

export const restoreResultSchema = backupSummarySchema.extend({
  /** Every session was dropped by the restore: sign in again (with the restored password). */
  signed_out: z.literal(true),
  /**
   * What the sign-in page says next: when the site was restored, and what
   * must be done again (secrets sealed with another server's key).
   */
  notice: z.string(),
})
