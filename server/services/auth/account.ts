/** The one admin account: whether it exists, its password. */
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { adminUsers, sessions, signInChallenges } from '../../db/schema'
import { clearSignInLocks } from './throttle'
import { removeTwoFactor } from './two-factor'

/** argon2id at Bun's defaults (64 MiB, two passes): about 0.25 s of a core per hash or check. */
const serverCost = { memoryCost: 65_536, timeCost: 2 }
let cost = serverCost

/**
 * For `bun test` processes only (server/tests/support/preload.ts, named in bunfig.toml): a cheap
 * argon2id, so that suites that sign in hundreds of times spend their time on behaviour. The
 * server never calls it (a codebase test checks), and a check reads its cost from the stored
 * hash, so a test process's hashes are cheap to check as well as to make.
 */
export function lowerPasswordCostForTests(): void {
  cost = { memoryCost: 64, timeCost: 1 }
}

export function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password, { algorithm: 'argon2id', ...cost })
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
