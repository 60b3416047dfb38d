import { z } from 'zod'
import {
  conversationSchema,
  conversationStatusInput,
  conversationStatusSchema,
  conversationTargetInput,
  inboxConversationSchema,
  publicConversationsSchema,
  trustEntrySchema,
  trustInput,
  untrustInput,
} from '../../../src/schemas/conversation'
import { idInput } from '../../../src/schemas/id-input'
import {
  deleteConversation,
  listConversations,
  listTrust,
  publicConversations,
  setConversationStatus,
  trustConversationAuthor,
  untrust,
} from '../../services/conversations'
import { adminProcedure, publicProcedure, router } from '../init'

/** Conversations: the owner's moderation (the inbox's Conversations) and what pages show. */
export const conversationsRouter = router({
  list: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/conversations', query: true } })
    .input(z.object({ status: conversationStatusSchema.optional() }).optional())
    .output(z.array(inboxConversationSchema))
    .query(({ ctx, input }) => listConversations(ctx.db, { status: input?.status })),
  setStatus: adminProcedure
    .meta({ rest: { method: 'PATCH', path: '/api/conversations/:id' } })
    .input(conversationStatusInput)
    .output(conversationSchema)
    .mutation(({ ctx, input }) => setConversationStatus(ctx, input.id, input.status)),
  delete: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/conversations/:id', status: 204 } })
    .input(idInput)
    .mutation(({ ctx, input }) => deleteConversation(ctx.db, input.id)),
  trustList: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/conversations/trust' } })
    .output(z.array(trustEntrySchema))
    .query(({ ctx }) => listTrust(ctx.db)),
  trust: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/conversations/:id/trust' } })
    .input(trustInput)
    .output(trustEntrySchema)
    .mutation(({ ctx, input }) => trustConversationAuthor(ctx, input.id, input.type)),
  untrust: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/conversations/trust/:id', status: 204 } })
    .input(untrustInput)
    .mutation(({ ctx, input }) => untrust(ctx.db, input.id)),
  /** The approved conversations of a note or project, as its page shows them. */
  forTarget: publicProcedure
    .meta({
      rest: { method: 'GET', path: '/api/conversations/of/:type/:id' },
      cache: 'public',
    })
    .input(conversationTargetInput)
    .output(publicConversationsSchema)
    .query(({ ctx, input }) => publicConversations(ctx.db, input)),
})
