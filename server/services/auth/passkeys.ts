/**
 * Passkeys (WebAuthn), with `@simplewebauthn/server`: the owner registers
 * them in Settings → Security and signs in with one on /login, a complete
 * sign-in on its own (user verification required, so no code after it).
 *
 * The relying party is SITE_URL: its host is the rp id, its origin the only
 * origin accepted. Never the request's Host or X-Forwarded-* headers (a
 * client can send those; with TRUST_PROXY a proxy may rewrite them): the
 * browser signs the origin it was on, and that must be the public address.
 *
 * Challenges are rows (any instance can finish a ceremony another started),
 * single use (deleted by the statement that accepts them), five minutes.
 * A failed assertion counts in the same lockouts as a wrong password.
 */
import type {
  AuthenticationResponseJSON,
  RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import { and, asc, count, eq, gt, isNull, lt } from 'drizzle-orm'
import type { PasskeyInfo } from '../../../src/schemas/passkeys'
import type { Db } from '../../db/client'
import { adminUsers, passkeyChallenges, passkeys, sessions } from '../../db/schema'
import {
  ConflictError,
  InvalidCredentialsError,
  InvalidInputError,
  NotFoundError,
  RateLimitedError,
} from '../../errors'
import { recordAudit } from '../audit'
import type { Session } from './sessions'
import {
  confirmIdentity,
  rationed,
  reserve,
  type SignInContext,
  settle,
  startSession,
  type TokenAnswer,
  trustedDevice,
} from './sign-in'
import { settleSignIn } from './throttle'

/**
 * The library and what it brings (X.509, ASN.1, CBOR: about 300 modules)
 * load with the first ceremony, not at start: most requests never need them.
 */
type WebAuthn = typeof import('@simplewebauthn/server') &
  typeof import('@simplewebauthn/server/helpers')
let webAuthnLoading: Promise<WebAuthn> | undefined
function webAuthn(): Promise<WebAuthn> {
  webAuthnLoading ??= Promise.all([
    import('@simplewebauthn/server'),
    import('@simplewebauthn/server/helpers'),
  ]).then(([server, helpers]) => ({ ...server, ...helpers }))
  return webAuthnLoading
}

/** How long the browser's ceremony may take, from the options to the answer. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000
/** Ceremonies one address may have under way at once (each is a row until it ends or expires). */
export const MAX_CHALLENGES_PER_ADDRESS = 20
/** Within this long after signing in, adding a passkey needs no password (the sign-in just proved it). */
export const FRESH_SIGN_IN_MS = 5 * 60_000

/** The name the lockout counts an assertion under when its passkey is not known here. */
const UNKNOWN_PASSKEY = '(unknown passkey)'
const failedSignIn = 'This passkey could not sign you in.'
const expiredCeremony = 'This passkey sign-in has expired. Try again.'

type PasskeyContext = SignInContext

/** SITE_URL as WebAuthn's relying party: its host is the rp id, its origin the one accepted. */
export function relyingParty(siteUrl: string | undefined): { id: string; origin: string } {
  const url = new URL(siteUrl ?? 'http://localhost')
  return { id: url.hostname, origin: url.origin }
}

async function deleteDeadChallenges(db: Db, now: Date): Promise<void> {
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expires_at, now))
}

/** Stores a new ceremony's challenge; refused beyond the ceremonies one address may hold. */
async function storeChallenge(
  ctx: PasskeyContext,
  challenge: string,
  purpose: 'registration' | 'authentication',
  userId: number | null,
): Promise<void> {
  const now = ctx.now()
  await deleteDeadChallenges(ctx.db, now)
  const [held] = await ctx.db
    .select({ n: count() })
    .from(passkeyChallenges)
    .where(eq(passkeyChallenges.ip, ctx.ip))
  if ((held?.n ?? 0) >= MAX_CHALLENGES_PER_ADDRESS) {
    ctx.log.warn('passkey ceremony refused: too many under way', {
      ip: ctx.ip,
      request_id: ctx.requestId,
    })
    throw new RateLimitedError(
      'Too many passkey sign-ins started from this address. Try again in a few minutes.',
      Math.ceil(PASSKEY_CHALLENGE_TTL_MS / 1000),
    )
  }
  await ctx.db.insert(passkeyChallenges).values({
    challenge,
    purpose,
    user_id: userId,
    ip: ctx.ip,
    expires_at: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS),
    created_at: now,
  })
}

/**
 * Takes a challenge for good: true when it was live, of this purpose (and
 * this user's, for a registration). Whoever deletes it first has it: a
 * replayed answer, or the same answer sent to two instances, finds it gone.
 */
async function consumeChallenge(
  db: Db,
  challenge: string,
  purpose: 'registration' | 'authentication',
  userId: number | null,
  now: Date,
): Promise<boolean> {
  const taken = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.purpose, purpose),
        gt(passkeyChallenges.expires_at, now),
        userId === null ? isNull(passkeyChallenges.user_id) : eq(passkeyChallenges.user_id, userId),
      ),
    )
    .returning({ id: passkeyChallenges.id })
  return taken.length === 1
}

/** The challenge and origin the browser signed (its client data), or null when unreadable. */
async function clientDataOf(
  clientDataJSON: string,
): Promise<{ challenge: string; origin: string } | null> {
  const { decodeClientDataJSON } = await webAuthn()
  try {
    const data = decodeClientDataJSON(clientDataJSON)
    return typeof data.challenge === 'string' && typeof data.origin === 'string'
      ? { challenge: data.challenge, origin: data.origin }
      : null
  } catch {
    return null
  }
}

/**
 * Why the library refused an answer, in words for the log: the origin or
 * the rp id not this site's (SITE_URL), a counter gone backwards, or else
 * its own message.
 */
function refusalOf(error: unknown, signedOrigin: string | undefined, siteUrl: string | undefined) {
  const message = error instanceof Error ? error.message : String(error)
  const rp = relyingParty(siteUrl)
  if (/origin/i.test(message)) {
    return {
      reason: 'origin',
      log: `passkey refused: the browser was on ${signedOrigin ?? 'an unknown origin'}, but SITE_URL is ${rp.origin}`,
    }
  }
  if (/rp ?id/i.test(message)) {
    return {
      reason: 'rp id',
      log: `passkey refused: it was made for another site than ${rp.id} (SITE_URL's host)`,
    }
  }
  if (/counter/i.test(message)) {
    return {
      reason: 'counter',
      log: 'passkey refused: its signature counter went backwards (a cloned authenticator?)',
    }
  }
  return { reason: 'verification', log: `passkey refused: ${message}` }
}

function toInfo(row: typeof passkeys.$inferSelect, rpId: string): PasskeyInfo {
  return {
    id: row.id,
    name: row.name,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    backed_up: row.backed_up,
    rp_id: row.rp_id,
    other_site: row.rp_id !== rpId,
  }
}

/** The owner's passkeys, oldest first; those made for another host are marked. */
export async function listPasskeys(
  ctx: Pick<PasskeyContext, 'db' | 'siteUrl'>,
  userId: number,
): Promise<PasskeyInfo[]> {
  const rows = await ctx.db
    .select()
    .from(passkeys)
    .where(eq(passkeys.user_id, userId))
    .orderBy(asc(passkeys.created_at), asc(passkeys.id))
  const rp = relyingParty(ctx.siteUrl)
  return rows.map((row) => toInfo(row, rp.id))
}

/** Whether the session was opened a moment ago: that sign-in proves it is the owner. */
async function freshlySignedIn(ctx: PasskeyContext, session: Session): Promise<boolean> {
  const [row] = await ctx.db
    .select({ created_at: sessions.created_at })
    .from(sessions)
    .where(eq(sessions.id, session.id))
    .limit(1)
  return Boolean(row && ctx.now().getTime() - row.created_at.getTime() <= FRESH_SIGN_IN_MS)
}

/** A stable, opaque user handle for the authenticator (not the username). */
function userHandle(userId: number): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`portfolio-owner-${userId}`)
}

/**
 * Starts adding a passkey: the password (counted in the sign-in lockout),
 * or a sign-in within the last five minutes, proves it is the owner. The
 * options ask for a discoverable credential (offered by autofill, no
 * username typed) with user verification (a fingerprint, a PIN).
 */
export async function passkeyRegistrationOptions(
  ctx: PasskeyContext,
  session: Session,
  password: string | undefined,
): Promise<{ options: Record<string, unknown> & { challenge: string } }> {
  if (password) {
    if (!(await confirmIdentity(ctx, session, { password }))) {
      throw new InvalidInputError('That password is not right.')
    }
  } else if (!(await freshlySignedIn(ctx, session))) {
    throw new InvalidInputError('Enter your password to add a passkey.')
  }
  const rp = relyingParty(ctx.siteUrl)
  const existing = await ctx.db
    .select({ id: passkeys.credential_id, transports: passkeys.transports })
    .from(passkeys)
    .where(and(eq(passkeys.user_id, session.userId), eq(passkeys.rp_id, rp.id)))
  const options = await (await webAuthn()).generateRegistrationOptions({
    rpName: rp.id,
    rpID: rp.id,
    userName: session.username,
    userID: userHandle(session.userId),
    userDisplayName: session.username,
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing,
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  })
  await storeChallenge(ctx, options.challenge, 'registration', session.userId)
  return { options: { ...options } }
}

/** Finishes adding a passkey: the browser's answer to a registration this owner started. */
export async function registerPasskey(
  ctx: PasskeyContext,
  session: Session,
  name: string,
  response: RegistrationResponseJSON,
): Promise<PasskeyInfo> {
  const now = ctx.now()
  const event = { username: session.username, ip: ctx.ip, request_id: ctx.requestId }
  const signed = await clientDataOf(response.response.clientDataJSON)
  if (
    !signed ||
    !(await consumeChallenge(ctx.db, signed.challenge, 'registration', session.userId, now))
  ) {
    ctx.log.warn('passkey registration refused: unknown, used or expired challenge', event)
    throw new InvalidInputError('This passkey set-up has expired. Start again.')
  }
  const rp = relyingParty(ctx.siteUrl)
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>
  try {
    verified = await (await webAuthn()).verifyRegistrationResponse({
      response,
      expectedChallenge: signed.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    })
  } catch (error) {
    const refusal = refusalOf(error, signed.origin, ctx.siteUrl)
    ctx.log.warn(refusal.log, { ...event, reason: refusal.reason })
    throw new InvalidInputError(
      refusal.reason === 'origin' || refusal.reason === 'rp id'
        ? `The passkey was made for another address than ${rp.origin}.`
        : 'The passkey could not be checked. Try again.',
    )
  }
  if (!verified.verified)
    throw new InvalidInputError('The passkey could not be checked. Try again.')
  const info = verified.registrationInfo
  const [row] = await ctx.db
    .insert(passkeys)
    .values({
      user_id: session.userId,
      credential_id: info.credential.id,
      public_key: (await webAuthn()).isoBase64URL.fromBuffer(info.credential.publicKey),
      counter: info.credential.counter,
      transports: response.response.transports ?? [],
      device_type: info.credentialDeviceType,
      backed_up: info.credentialBackedUp,
      rp_id: rp.id,
      name,
      created_at: now,
      updated_at: now,
    })
    .onConflictDoNothing({ target: passkeys.credential_id })
    .returning()
  if (!row) throw new ConflictError('This passkey is already registered.')
  ctx.log.info('passkey registered', { ...event, passkey_id: row.id })
  return toInfo(row, rp.id)
}

export async function renamePasskey(
  ctx: PasskeyContext,
  session: Session,
  id: number,
  name: string,
): Promise<PasskeyInfo> {
  const [row] = await ctx.db
    .update(passkeys)
    .set({ name, updated_at: ctx.now() })
    .where(and(eq(passkeys.id, id), eq(passkeys.user_id, session.userId)))
    .returning()
  if (!row) throw new NotFoundError('That passkey does not exist.')
  return toInfo(row, relyingParty(ctx.siteUrl).id)
}

/**
 * Removes a passkey. The account always keeps its password (there is no
 * way to remove it, and `bun run admin:password` resets it), so removing a
 * passkey never leaves the owner without a way in.
 */
export async function removePasskey(
  ctx: PasskeyContext,
  session: Session,
  id: number,
): Promise<void> {
  const removed = await ctx.db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.user_id, session.userId)))
    .returning({ id: passkeys.id })
  if (removed.length === 0) throw new NotFoundError('That passkey does not exist.')
}

/**
 * The options for a passkey sign-in: a challenge and no list of
 * credentials (the browser offers the discoverable ones it holds for this
 * site, in autofill or in its own dialog).
 */
export async function passkeyLoginOptions(
  ctx: PasskeyContext,
): Promise<{ options: Record<string, unknown> & { challenge: string } }> {
  const rp = relyingParty(ctx.siteUrl)
  const options = await (await webAuthn()).generateAuthenticationOptions({
    rpID: rp.id,
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    userVerification: 'required',
  })
  await storeChallenge(ctx, options.challenge, 'authentication', null)
  return { options: { ...options } }
}

/**
 * Signs in with a passkey: a complete sign-in (the authenticator verified
 * the user), so a session and, for a new browser, a device cookie, as a
 * password sign-in makes. Counted before anything is verified, like a
 * password: while locked, refused unchecked; a failed assertion stays
 * counted (for the passkey's account, or the device, and the address).
 */
export async function signInWithPasskey(
  ctx: PasskeyContext,
  response: AuthenticationResponseJSON,
): Promise<TokenAnswer> {
  const now = ctx.now()
  const [found] = await ctx.db
    .select({ passkey: passkeys, username: adminUsers.username })
    .from(passkeys)
    .innerJoin(adminUsers, eq(adminUsers.id, passkeys.user_id))
    .where(eq(passkeys.credential_id, response.id))
    .limit(1)
  const username = found?.username ?? UNKNOWN_PASSKEY
  const event = { username, ip: ctx.ip, request_id: ctx.requestId, passkey_id: found?.passkey.id }
  const deviceId = found ? await trustedDevice(ctx.db, ctx.deviceToken, username) : null
  const trusted = deviceId !== null
  return rationed(ctx, event, trusted, async () => {
    const reservation = await reserve(ctx, username, deviceId, now, event)
    const fail = async (message: string, log: string, reason: string): Promise<never> => {
      ctx.log.warn(log, { ...event, reason })
      await settle(ctx, reservation, 'failed', now, {
        username,
        reason: 'passkey',
        event,
        trusted,
      })
      throw new InvalidCredentialsError(message)
    }
    const signed = await clientDataOf(response.response.clientDataJSON)
    if (
      !signed ||
      !(await consumeChallenge(ctx.db, signed.challenge, 'authentication', null, now))
    ) {
      return fail(
        expiredCeremony,
        'passkey refused: unknown, used or expired challenge',
        'challenge',
      )
    }
    if (!found) {
      return fail(
        failedSignIn,
        'passkey refused: not registered here (removed?)',
        'unknown passkey',
      )
    }
    const rp = relyingParty(ctx.siteUrl)
    const stored = found.passkey
    let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>
    try {
      verified = await (await webAuthn()).verifyAuthenticationResponse({
        response,
        expectedChallenge: signed.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: stored.credential_id,
          publicKey: (await webAuthn()).isoBase64URL.toBuffer(stored.public_key),
          counter: stored.counter,
          transports: stored.transports,
        },
        requireUserVerification: true,
      })
    } catch (error) {
      const refusal = refusalOf(error, signed.origin, ctx.siteUrl)
      return fail(failedSignIn, refusal.log, refusal.reason)
    }
    const result = verified.authenticationInfo
    if (!verified.verified)
      return fail(failedSignIn, 'passkey refused: not verified', 'verification')
    // Backup eligibility is fixed for a credential's life: a change means another authenticator.
    if (result.credentialDeviceType !== stored.device_type) {
      return fail(
        failedSignIn,
        `passkey refused: its backup eligibility changed (${stored.device_type} → ${result.credentialDeviceType})`,
        'backup flags',
      )
    }
    // The counter moves in the same statement that checks it: two instances
    // given one assertion cannot both accept it.
    const moved = await ctx.db
      .update(passkeys)
      .set({
        counter: result.newCounter,
        backed_up: result.credentialBackedUp,
        last_used_at: now,
        updated_at: now,
      })
      .where(
        and(
          eq(passkeys.id, stored.id),
          result.newCounter === 0
            ? eq(passkeys.counter, 0)
            : lt(passkeys.counter, result.newCounter),
        ),
      )
      .returning({ id: passkeys.id })
    if (moved.length === 0) {
      return fail(
        failedSignIn,
        'passkey refused: its signature counter went backwards (a cloned authenticator?)',
        'counter',
      )
    }
    await settleSignIn(ctx.db, reservation.keys, 'succeeded', now, ctx.config.loginThrottle)
    const answer = await startSession(ctx, stored.user_id, deviceId, now)
    ctx.log.info('login succeeded', { ...event, trusted_device: trusted, method: 'passkey' })
    await recordAudit(ctx, {
      action: 'auth.login',
      actor: username,
      details: { method: 'passkey', passkey: stored.name, trusted_device: trusted },
    })
    return answer
  })
}
