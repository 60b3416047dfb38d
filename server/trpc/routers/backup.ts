import { z } from 'zod'
import {
  backupLimits,
  backupPreviewInput,
  backupSummarySchema,
  restoreInput,
  restoreResultSchema,
} from '../../../src/schemas/backup'
import { downloadBackup, previewBackup, restoreFromAdmin } from '../../services/backups'
import { adminProcedure, router } from '../init'

const largeJson = { type: 'json', maxBytes: backupLimits.maxBytes } as const

export const backupRouter = router({
  /** The backup document (the file of `bun run backup`); checked in the service. */
  download: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/backup' } })
    .output(z.record(z.string(), z.unknown()))
    .query(({ ctx }) => downloadBackup(ctx, ctx.session.username)),
  /** What a file holds (rows per table, images, date), or 400 with what is wrong; writes nothing. */
  preview: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/restore/preview', body: largeJson }, audit: false })
    .input(backupPreviewInput)
    .output(backupSummarySchema)
    .mutation(({ input }) => previewBackup(input.backup)),
  /** Replaces everything with the file's content, after the password is typed again. */
  restore: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/restore', body: largeJson } })
    .input(restoreInput)
    .output(restoreResultSchema)
    .mutation(async ({ ctx, input }) => ({
      ...(await restoreFromAdmin(ctx, ctx.session, input)),
      signed_out: true as const,
    })),
})
