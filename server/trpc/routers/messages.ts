import { z } from 'zod'
import { idInput } from '../../../src/schemas/id-input'
import {
  formTokenSchema,
  messageInput,
  messageSchema,
  messageStatusInput,
} from '../../../src/schemas/message'
import {
  deleteMessage,
  formToken,
  listMessages,
  sendMessage,
  setMessageStatus,
} from '../../services/messages'
import { adminProcedure, publicProcedure, router } from '../init'

export const messagesRouter = router({
  send: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/contact', status: 201 } })
    .input(messageInput)
    .output(messageSchema.omit({ status: true }))
    .mutation(({ ctx, input }) => sendMessage(ctx, input)),
  /** Never cached: each form gets the time it was served. */
  formToken: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/contact/form-token' } })
    .output(formTokenSchema)
    .query(({ ctx }) => formToken(ctx)),
  list: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/contact' } })
    .output(z.array(messageSchema))
    .query(({ ctx }) => listMessages(ctx.db)),
  setStatus: adminProcedure
    .meta({ rest: { method: 'PATCH', path: '/api/contact/:id' } })
    .input(messageStatusInput)
    .output(messageSchema)
    .mutation(({ ctx, input }) => setMessageStatus(ctx, input.id, input.status)),
  delete: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/contact/:id', status: 204 } })
    .input(idInput)
    .mutation(({ ctx, input }) => deleteMessage(ctx.db, input.id)),
})
