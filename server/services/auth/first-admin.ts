/**
 * The first admin, made in the browser: while no admin exists, the server
 * keeps a one-time set-up token (its SHA-256 in the database, the token in
 * DATA_DIR/setup-token, mode 0600) and prints `…/setup?token=<token>`.
 * `POST /api/setup` with that token creates the admin and signs in; a wrong
 * token counts in the audit log like a wrong password, and in a lockout of
 * the address it came from (never of the username asked for). Once an admin exists the token is gone and set-up answers 409.
 */
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { adminUsers, setupToken } from '../../db/schema'
import { ConflictError, ForbiddenError } from '../../errors'
import { recordAudit } from '../audit'
import { adminExists, setAdminPassword } from './account'
import {
  rationed,
  reserve,
  type SignInContext,
  settle,
  startSession,
  type TokenAnswer,
} from './sign-in'
import { settleSignIn } from './throttle'
import { hashToken, newToken } from './tokens'

export const SETUP_TOKEN_FILE = 'setup-token'

export const setupTaken = 'An admin account already exists: sign in instead.'
const wrongToken =
  'This set-up link is not valid. Use the address the server printed when it started (also in DATA_DIR/setup-token).'

/**
 * Called at start-up while no admin exists: the token to print. The one in
 * `dataDir` is kept when the database still knows it (a restart prints the
 * same address); otherwise a new one replaces both.
 */
export async function ensureSetupToken(db: Db, dataDir: string | undefined): Promise<string> {
  const file = dataDir ? join(dataDir, SETUP_TOKEN_FILE) : undefined
  const kept = file && existsSync(file) ? readFileSync(file, 'utf8').trim() : ''
  if (kept) {
    const [row] = await db.select().from(setupToken).where(eq(setupToken.id, 1)).limit(1)
    if (row?.token_hash === hashToken(kept)) return kept
  }
  const token = newToken()
  await db
    .insert(setupToken)
    .values({ id: 1, token_hash: hashToken(token) })
    .onConflictDoUpdate({
      target: setupToken.id,
      set: { token_hash: hashToken(token), created_at: new Date() },
    })
  // PGlite's DATA_DIR always exists; with PostgreSQL there may be none (media in S3):
  // then the printed address is the only copy.
  if (file && dataDir && existsSync(dataDir)) {
    writeFileSync(file, `${token}\n`, { mode: 0o600 })
    chmodSync(file, 0o600)
  }
  return token
}

/** The token is spent (or an admin was made another way): gone from the database and the disk. */
export async function removeSetupToken(db: Db, dataDir: string | undefined): Promise<void> {
  await db.delete(setupToken)
  if (dataDir) rmSync(join(dataDir, SETUP_TOKEN_FILE), { force: true })
}

export async function setupNeeded(db: Db): Promise<boolean> {
  return !(await adminExists(db))
}

/** `POST /api/setup`: the admin from the set-up token, signed in at once. */
export async function createFirstAdmin(
  ctx: SignInContext,
  input: { token: string; username: string; password: string },
): Promise<TokenAnswer> {
  const event = { username: input.username, ip: ctx.ip, request_id: ctx.requestId }
  return rationed(ctx, event, false, async () => {
    if (await adminExists(ctx.db)) throw new ConflictError(setupTaken)
    const now = ctx.now()
    // Counted by address only: the token has 256 bits, so a username lock would only let
    // anyone delay the owner's set-up by sending wrong tokens under the owner's name.
    const reservation = await reserve(ctx, `setup address ${ctx.ip}`, null, now, event)
    const [stored] = await ctx.db.select().from(setupToken).where(eq(setupToken.id, 1)).limit(1)
    if (!stored || stored.token_hash !== hashToken(input.token)) {
      await settle(ctx, reservation, 'failed', now, {
        username: input.username,
        reason: 'setup token',
        event,
        trusted: false,
      })
      throw new ForbiddenError(wrongToken)
    }
    // Two set-ups at once: the token row is claimed by one delete, the other finds none.
    const claimed = await ctx.db
      .delete(setupToken)
      .where(eq(setupToken.token_hash, stored.token_hash))
      .returning({ id: setupToken.id })
    if (claimed.length === 0 || (await adminExists(ctx.db))) throw new ConflictError(setupTaken)
    await setAdminPassword(ctx.db, input.username, input.password)
    await removeSetupToken(ctx.db, ctx.config.setupTokenDir)
    await settleSignIn(ctx.db, reservation.keys, 'succeeded', now, ctx.config.loginThrottle)
    const [user] = await ctx.db
      .select({ id: adminUsers.id })
      .from(adminUsers)
      .where(eq(adminUsers.username, input.username))
      .limit(1)
    if (!user) throw new Error('the admin just created went missing')
    ctx.log.info('admin created in the browser', event)
    await recordAudit(ctx, {
      action: 'admin.created',
      actor: input.username,
      details: { via: 'set-up page' },
    })
    const answer = await startSession(ctx, user.id, null, now)
    await recordAudit(ctx, {
      action: 'auth.login',
      actor: input.username,
      details: { method: 'password', trusted_device: false },
    })
    return answer
  })
}
