import { z } from 'zod'
import { trashItemInput, trashItemSchema } from '../../../src/schemas/trash'
import { deleteFromTrash, listTrash, purgeTrash, restoreFromTrash } from '../../services/trash'
import { adminProcedure, router } from '../init'

export const trashRouter = router({
  /** Newest deletion first; anything past its 30 days is removed first, so it never shows. */
  list: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/trash' } })
    .output(z.array(trashItemSchema))
    .query(async ({ ctx }) => {
      await purgeTrash(ctx.db, ctx.now(), { store: ctx.mediaStore, log: ctx.log })
      return listTrash(ctx.db)
    }),
  restore: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/trash/:kind/:id/restore' } })
    .input(trashItemInput)
    .output(trashItemSchema)
    .mutation(({ ctx, input }) => restoreFromTrash(ctx.db, input.kind, input.id)),
  /** Removes it for good. */
  delete: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/trash/:kind/:id', status: 204 } })
    .input(trashItemInput)
    .mutation(({ ctx, input }) =>
      deleteFromTrash(ctx.db, { store: ctx.mediaStore, log: ctx.log }, input.kind, input.id),
    ),
})
