import { initTRPC, TRPCError } from '@trpc/server'
import { messages } from '../messages'
import { authenticate } from '../services/auth'
import type { Context } from './context'
import { publicMessage, toTrpcError, validationFields } from './errors'
import type { EndpointMeta } from './meta'

const t = initTRPC
  .context<Context>()
  .meta<EndpointMeta>()
  .create({
    errorFormatter({ shape, error, ctx }) {
      if (error.code === 'INTERNAL_SERVER_ERROR' || error.code === 'SERVICE_UNAVAILABLE') {
        ctx?.log.error('procedure failed', {
          request_id: ctx.requestId,
          error: error.message,
          cause: String(error.cause ?? ''),
          stack: error.stack,
        })
      }
      const { stack: _stack, ...data } = shape.data
      return {
        ...shape,
        message: publicMessage(error),
        data: { ...data, fields: validationFields(error), request_id: ctx?.requestId ?? null },
      }
    },
  })

export const router = t.router
export const createCallerFactory = t.createCallerFactory

/** What services throw on purpose, and a database that is away, become tRPC's errors here. */
const baseProcedure = t.procedure.use(async ({ next }) => {
  const result = await next()
  if (!result.ok) throw toTrpcError(result.error)
  return result
})

export const publicProcedure = baseProcedure

/** Every write and private read: a valid, unexpired, unrevoked session. */
export const adminProcedure = baseProcedure.use(async ({ ctx, next }) => {
  const session = await authenticate(ctx, ctx.authorization)
  if (!session) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: messages.signInRequired })
  }
  return next({ ctx: { ...ctx, session } })
})

/**
 * A public read whose answer grows for the signed-in admin (drafts):
 * `ctx.admin` is the session, or null for everyone else. A token that is not
 * valid (expired, revoked, made up) is a visitor's request, never a 401: the
 * read is public. Declare it `cache: 'public-unless-signed-in'`, so a request
 * with a token neither reads nor fills the shared cache.
 */
export const publicOrAdminProcedure = baseProcedure.use(async ({ ctx, next }) => {
  const admin = ctx.authorization ? await authenticate(ctx, ctx.authorization) : null
  return next({ ctx: { ...ctx, admin } })
})
