import { initTRPC, TRPCError } from '@trpc/server'
import { isDatabaseUnavailable } from '../db/unavailable'
import { authenticate } from '../services/auth'
import type { Context } from './context'
import { publicMessage, validationFields } from './errors'

const t = initTRPC.context<Context>().create({
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

/** A database that cannot be reached is a 503 (retry soon), not a 500. */
const baseProcedure = t.procedure.use(async ({ next }) => {
  const result = await next()
  if (!result.ok && isDatabaseUnavailable(result.error.cause)) {
    throw new TRPCError({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The service is temporarily unavailable. Please try again shortly.',
      cause: result.error,
    })
  }
  return result
})

export const publicProcedure = baseProcedure

/** Every write and private read: a valid, unexpired, unrevoked session. */
export const adminProcedure = baseProcedure.use(async ({ ctx, next }) => {
  const session = await authenticate(ctx, ctx.authorization)
  if (!session) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: 'You need to sign in to do this.' })
  }
  return next({ ctx: { ...ctx, session } })
})
