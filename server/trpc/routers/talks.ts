import { z } from 'zod'
import { idInput } from '../../../src/schemas/id-input'
import { talkInput, talkSchema, talkUpdateInput } from '../../../src/schemas/talk'
import { createTalk, deleteTalk, getTalk, listTalks, updateTalk } from '../../services/talks'
import { adminProcedure, publicOrAdminProcedure, router } from '../init'

export const talksRouter = router({
  /** Newest first; drafts for the signed-in admin. */
  list: publicOrAdminProcedure
    .meta({ rest: { method: 'GET', path: '/api/talks' }, cache: 'public-unless-signed-in' })
    .output(z.array(talkSchema))
    .query(({ ctx }) => listTalks(ctx.db, ctx.admin !== null)),
  byId: adminProcedure
    .input(idInput)
    .output(talkSchema)
    .query(({ ctx, input }) => getTalk(ctx.db, input.id)),
  create: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/talks', status: 201 } })
    .input(talkInput)
    .output(talkSchema)
    .mutation(({ ctx, input }) => createTalk(ctx.db, input, ctx.now())),
  update: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/talks/:id' } })
    .input(talkUpdateInput)
    .output(talkSchema)
    .mutation(({ ctx, input: { id, ...data } }) => updateTalk(ctx.db, id, data, ctx.now())),
  delete: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/talks/:id', status: 204 } })
    .input(idInput)
    .mutation(({ ctx, input }) => deleteTalk(ctx.db, input.id)),
})
