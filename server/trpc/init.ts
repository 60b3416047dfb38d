import { initTRPC, TRPCError } from '@trpc/server'
import { messages } from '../messages'
import { describeWrite, recordAudit, storedRowOf } from '../services/audit'
import { authenticate } from '../services/auth/sessions'
import { restoreNoticeFor } from '../services/restore-notice'
import type { Context } from './context'
import { logFailure, toTrpcError, trpcErrorShape } from './errors'
import type { EndpointMeta } from './meta'
import { refuseUnknownFields } from './strict-input'

/**
 * A request refused before its context exists (a batch holding a sign-in,
 * server/http/api/trpc.ts): it carries its request id, which the error's shape
 * would otherwise read from the context.
 */
export class RefusedRequestError extends TRPCError {
  constructor(
    code: TRPCError['code'],
    message: string,
    readonly requestId: string,
  ) {
    super({ code, message })
  }
}

const t = initTRPC
  .context<Context>()
  .meta<EndpointMeta>()
  .create({
    errorFormatter({ shape, error, ctx }) {
      const requestId =
        ctx?.requestId ?? (error instanceof RefusedRequestError ? error.requestId : null)
      if (ctx && shape.data.httpStatus >= 500) {
        logFailure(error, ctx, { status: shape.data.httpStatus, procedure: shape.data.path })
      }
      return trpcErrorShape(error, requestId, shape.data.path)
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

/**
 * The last middleware of every builder, right before the input parser: a
 * field the procedure does not take is refused (strict-input.ts), after the
 * sign-in check (a request without a valid token learns nothing of the
 * fields). The raw input is read once and shared with the parser.
 */
const strictInput = t.middleware(async ({ next, path, getRawInput }) => {
  let raw: Promise<unknown> | undefined
  const readOnce = () => {
    raw ??= getRawInput()
    return raw
  }
  // An input that cannot be read fails in the parser, as it would without this.
  const input = await readOnce().catch(() => undefined)
  refuseUnknownFields(path, input)
  return next({ getRawInput: readOnce })
})

export const publicProcedure = baseProcedure.use(strictInput)

/** Every write and private read: a valid, unexpired, unrevoked session. */
const signedIn = baseProcedure.use(async ({ ctx, next }) => {
  const session = await authenticate(ctx, ctx.authorization)
  if (!session) {
    const restored = await restoreNoticeFor(ctx, ctx.authorization)
    throw new TRPCError({ code: 'UNAUTHORIZED', message: restored ?? messages.signInRequired })
  }
  return next({ ctx: { ...ctx, session } })
})

/**
 * The session check as it sits among a procedure's middlewares: the API
 * reference (server/http/api/openapi.ts) marks the routes that carry it as
 * needing a bearer token, so that list follows the builders used.
 */
export const sessionRequired: unknown = signedIn._def.middlewares.at(-1)

/**
 * A public read whose answer grows for the signed-in admin (drafts):
 * `ctx.admin` is the session, or null for everyone else. A token that is not
 * valid (expired, revoked, made up) is a visitor's request, never a 401: the
 * read is public. Declare it `cache: 'public-unless-signed-in'`, so a request
 * with a token neither reads nor fills the shared cache.
 */
export const publicOrAdminProcedure = baseProcedure
  .use(async ({ ctx, next }) => {
    const admin = ctx.authorization ? await authenticate(ctx, ctx.authorization) : null
    return next({ ctx: { ...ctx, admin } })
  })
  .use(strictInput)

/**
 * Every admin write that succeeded goes into the audit log: the procedure's
 * path, who, from where, and a redacted summary of what it touched
 * (`describeWrite`: ids, titles, the columns whose value changed, read from
 * the stored row before and after the write, never their values). A
 * mutation declared `audit: false` (a preview: it changes nothing) is not
 * recorded. The raw input is read once and shared with the input parser.
 */
export const adminProcedure = signedIn
  .use(async ({ ctx, next, type, path, meta, getRawInput }) => {
    if (type !== 'mutation' || meta?.audit === false) return next()
    let raw: Promise<unknown> | undefined
    const readOnce = () => {
      raw ??= getRawInput()
      return raw
    }
    // An input that cannot be read fails in the parser below, as it would without this.
    const before = await readOnce()
      .then((input) => storedRowOf(ctx.db, path, input))
      .catch(() => undefined)
    const result = await next({ getRawInput: readOnce })
    if (!result.ok) return result
    try {
      const input = await readOnce()
      const after = before ? await storedRowOf(ctx.db, path, input, result.data) : undefined
      const event = describeWrite(path, input, result.data, { before, after })
      await recordAudit(ctx, { ...event, actor: ctx.session.username })
    } catch (error) {
      // The write is done; a missing entry is logged rather than reported as a failed write.
      ctx.log.error('audit entry not recorded', {
        request_id: ctx.requestId,
        action: path,
        error: String(error),
      })
    }
    return result
  })
  .use(strictInput)
