/**
 * The contact form's token: when the form was served, signed with a key only
 * the server knows (HMAC-SHA256), so a bot cannot make one up or backdate
 * it. The key is random, made on first use and kept in `server_secrets`, so
 * every instance on the database and every restart accept the same tokens.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { serverSecrets } from '../db/schema'

const SECRET_NAME = 'contact_form_token'
const keys = new WeakMap<Db, Promise<Buffer>>()

async function loadKey(db: Db): Promise<Buffer> {
  // The first instance to ask creates it; everyone reads the one that won.
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, SECRET_NAME))
  if (!row) throw new Error('form token key missing after insert')
  return Buffer.from(row.value, 'base64url')
}

function keyOf(db: Db): Promise<Buffer> {
  let key = keys.get(db)
  if (!key) {
    key = loadKey(db)
    // A failed read (database away) is tried again next time.
    key.catch(() => keys.delete(db))
    keys.set(db, key)
  }
  return key
}

const sign = (key: Buffer, issued: string) =>
  createHmac('sha256', key).update(`contact-form:${issued}`).digest('base64url')

/** A token saying "this form was served at `now`". */
export async function issueFormToken(db: Db, now: Date): Promise<string> {
  const issued = now.getTime().toString(36)
  return `${issued}.${sign(await keyOf(db), issued)}`
}

/** How long ago the token was issued (ms), or null when it is missing or not ours. */
export async function formTokenAge(db: Db, token: string, now: Date): Promise<number | null> {
  const [issued, signature, ...rest] = token.split('.')
  if (!issued || !signature || rest.length > 0 || !/^[0-9a-z]{1,12}$/.test(issued)) return null
  const expected = Buffer.from(sign(await keyOf(db), issued))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  return now.getTime() - Number.parseInt(issued, 36)
}
