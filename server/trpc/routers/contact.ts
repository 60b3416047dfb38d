import { z } from 'zod'
import { contactIdInput, contactInput, contactMessageSchema } from '../../../src/schemas/contact'
import { deleteMessage, listMessages, sendMessage } from '../../services/contact'
import { adminProcedure, publicProcedure, router } from '../init'

export const contactRouter = router({
  send: publicProcedure
    .input(contactInput)
    .output(contactMessageSchema)
    .mutation(({ ctx, input }) => sendMessage(ctx, input)),
  list: adminProcedure
    .output(z.array(contactMessageSchema))
    .query(({ ctx }) => listMessages(ctx.db)),
  delete: adminProcedure
    .input(contactIdInput)
    .mutation(({ ctx, input }) => deleteMessage(ctx.db, input.id)),
})
