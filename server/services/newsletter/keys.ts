/**
 * The newsletter's keys, made on first use and kept in `server_secrets` (as
 * the contact form's), so every instance and restart signs and hashes alike:
 * one signs the unsubscribe links, one hashes client addresses.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { serverSecrets } from '../../db/schema'

type KeyName = 'newsletter_unsubscribe' | 'newsletter_address'
const keys = new WeakMap<Db, Map<KeyName, Promise<Buffer>>>()

async function loadKey(db: Db, name: KeyName): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name))
  if (!row) throw new Error(`${name} key missing after insert`)
  return Buffer.from(row.value, 'base64url')
}

function keyOf(db: Db, name: KeyName): Promise<Buffer> {
  let byName = keys.get(db)
  if (!byName) {
    byName = new Map()
    keys.set(db, byName)
  }
  let key = byName.get(name)
  if (!key) {
    key = loadKey(db, name)
    const map = byName
    key.catch(() => map.delete(name))
    byName.set(name, key)
  }
  return key
}

const hmac = (key: Buffer, text: string) =>
  createHmac('sha256', key).update(text).digest('base64url')

/** The unsubscribe token of a subscriber: their id and a signature of id and address. */
export async function unsubscribeToken(db: Db, id: number, email: string): Promise<string> {
  return `${id}.${hmac(await keyOf(db, 'newsletter_unsubscribe'), `unsubscribe:${id}:${email}`)}`
}

/** The subscriber id a token names, when its signature holds for that subscriber's address. */
export async function checkUnsubscribeToken(
  db: Db,
  token: string,
  emailOf: (id: number) => Promise<string | null>,
): Promise<number | null> {
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match) return null
  const id = Number(match[1])
  const email = await emailOf(id)
  if (email === null) return null
  const expected = Buffer.from(
    hmac(await keyOf(db, 'newsletter_unsubscribe'), `unsubscribe:${id}:${email}`),
  )
  const given = Buffer.from(match[2] ?? '')
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null
}

/** A keyed hash of a client address (the consent's evidence, never the address). */
export async function addressHash(db: Db, ip: string): Promise<string> {
  return hmac(await keyOf(db, 'newsletter_address'), `ip:${ip}`)
}

/** A new confirmation token and the hash it is looked up by. */
export function newConfirmationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: confirmationHash(token) }
}

export function confirmationHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}
