import { initTRPC, TRPCError } from '@trpc/server'
import { authenticate } from '../services/auth'
import type { Context } from './context'
import { publicMessage, validationFields } from './errors'

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error, ctx }) {
    if (error.code === 'INTERNAL_SERVER_ERROR') {
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
export const publicProcedure = t.procedure

/** Every write and private read: a valid, unexpired, unrevoked session. */
export const adminProcedure = t.procedure.use(async ({ ctx, next }) => {
  const session = await authenticate(ctx, ctx.authorization)
  if (!session) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: 'You need to sign in to do this.' })
  }
  return next({ ctx: { ...ctx, session } })
})
