import { z } from 'zod'
import { sentWebmentions } from '../../services/webmention-sending'
import { receiveWebmention, recentWebmentions, webmentionStatus } from '../../services/webmentions'
import { adminProcedure, publicProcedure, router } from '../init'

const statuses = ['queued', 'accepted', 'rejected', 'removed'] as const

const stateSchema = z.object({
  status: z.enum(statuses),
  source: z.string(),
  target: z.string(),
  result: z.string().nullable(),
  received_at: z.string(),
  verified_at: z.string().nullable(),
})

/**
 * Webmentions received. The endpoint itself is `/webmention` (form-encoded, as the
 * Recommendation says: server/http/surfaces/webmention.ts), which calls `receive`; its status
 * address `/webmention/<token>` calls `status`.
 */
export const webmentionsRouter = router({
  receive: publicProcedure
    .input(
      z.object({
        source: z.string({ error: 'Source is required.' }).min(1, 'Source is required.'),
        target: z.string({ error: 'Target is required.' }).min(1, 'Target is required.'),
      }),
    )
    .output(z.object({ token: z.string(), status: z.enum(statuses) }))
    .mutation(({ ctx, input }) => receiveWebmention(ctx, input)),
  status: publicProcedure
    .input(z.object({ token: z.string().min(1).max(100) }))
    .output(stateSchema)
    .query(({ ctx, input }) => webmentionStatus(ctx.db, input.token)),
  /** The last received ones, for the owner (Conversations). */
  recent: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/webmentions' } })
    .output(z.array(stateSchema.extend({ id: z.number() })))
    .query(({ ctx }) => recentWebmentions(ctx.db)),
  /** What this site sent, and what each endpoint answered (Conversations). */
  sent: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/webmentions/sent' } })
    .output(
      z.array(
        z.object({
          id: z.number(),
          source: z.string(),
          target: z.string(),
          status: z.enum(['pending', 'sent', 'no-endpoint', 'failed']),
          endpoint: z.string().nullable(),
          result: z.string().nullable(),
          attempts: z.number(),
          /** Sent because the page went away (the Trash, a draft again): the target removes it. */
          source_gone: z.boolean(),
          updated_at: z.string(),
          sent_at: z.string().nullable(),
        }),
      ),
    )
    .query(({ ctx }) => sentWebmentions(ctx.db)),
})
