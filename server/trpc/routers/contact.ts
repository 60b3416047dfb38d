import { z } from 'zod'
import { contactInput, contactMessageSchema } from '../../../src/schemas/contact'
import { idInput } from '../../../src/schemas/id-input'
import { deleteMessage, listMessages, sendMessage } from '../../services/contact'
import { adminProcedure, publicProcedure, router } from '../init'

export const contactRouter = router({
  send: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/contact', status: 201 } })
    .input(contactInput)
    .output(contactMessageSchema)
    .mutation(({ ctx, input }) => sendMessage(ctx, input)),
  list: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/contact' } })
    .output(z.array(contactMessageSchema))
    .query(({ ctx }) => listMessages(ctx.db)),
  delete: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/contact/:id', status: 204 } })
    .input(idInput)
    .mutation(({ ctx, input }) => deleteMessage(ctx.db, input.id)),
})
