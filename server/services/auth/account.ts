/** The one admin account: whether it exists, its password. */
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { adminUsers, sessions, signInChallenges } from '../../db/schema'
import { clearSignInLocks } from './throttle'
import { removeTwoFactor } from './two-factor'

export function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password, { algorithm: 'argon2id' })
}

export async function adminExists(db: Db): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(adminUsers)
  return (row?.count ?? 0) > 0
}

/**
 * The site has one owner: creates the admin, or renames it and resets its
 * password; either way every existing session is revoked.
 */
export async function setAdminPassword(
  db: Db,
  username: string,
  password: string,
  options: { resetTwoFactor?: boolean } = {},
): Promise<'created' | 'updated'> {
  const passwordHash = await hashPassword(password)
  return db.transaction(async (tx) => {
    const now = new Date()
    const [existing] = await tx
      .select({ id: adminUsers.id })
      .from(adminUsers)
      .orderBy(adminUsers.id)
      .limit(1)
    await tx.delete(sessions)
    await tx.delete(signInChallenges)
    await clearSignInLocks(tx)
    if (options.resetTwoFactor) await removeTwoFactor(tx)
    if (existing) {
      await tx
        .update(adminUsers)
        .set({ username, password_hash: passwordHash, updated_at: now })
        .where(eq(adminUsers.id, existing.id))
      return 'updated' as const
    }
    await tx.insert(adminUsers).values({ username, password_hash: passwordHash })
    return 'created' as const
  })
}
