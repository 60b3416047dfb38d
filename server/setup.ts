import { newPasswordSchema } from '../src/schemas/auth'
import { applyMigrations, type Database, openDatabase } from './db/client'
import { ConfigError, type Env } from './env'
import type { Logger } from './log'
import { adminExists, setAdminPassword } from './services/auth'
import { compactStoredPlaceholders } from './services/media'
import { ownerVariablesIgnored, profileSeedFromEnv, seedProfile } from './services/profile'

export function openDatabaseFromEnv(
  env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>,
): Promise<Database> {
  return env.DATABASE_URL
    ? openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
    : openDatabase({ kind: 'pglite', dataDir: env.DATA_DIR })
}

/**
 * Migrations, the owner's profile, stored placeholders brought up to date,
 * and the first admin when asked for; under the start-up lock, so instances
 * started together on one empty PostgreSQL database migrate it once and
 * make one admin (the others wait, then find it done).
 */
export function prepareDatabase(database: Database, env: Env, log: Logger): Promise<void> {
  return database.exclusive(() => prepareLocked(database, env, log))
}

async function prepareLocked(database: Database, env: Env, log: Logger): Promise<void> {
  await applyMigrations(database)
  const seed = profileSeedFromEnv(env)
  await seedProfile(database.db, seed)
  const compacted = await compactStoredPlaceholders(database.db)
  if (compacted > 0) log.info('image placeholders re-encoded as WebP', { images: compacted })
  const ignored = await ownerVariablesIgnored(database.db, seed, env.ownerVariablesSet)
  if (ignored.length > 0) {
    log.warn(
      `${ignored.join(', ')} differ from the stored profile and are ignored: the OWNER_* variables only seed the first start. Edit the profile at /admin/profile.`,
      { variables: ignored },
    )
  }
  if (await adminExists(database.db)) return
  if (env.ADMIN_USERNAME && env.ADMIN_PASSWORD) {
    const password = newPasswordSchema.safeParse(env.ADMIN_PASSWORD)
    if (!password.success) {
      throw new ConfigError(`ADMIN_PASSWORD: ${password.error.issues[0]?.message ?? 'invalid'}`)
    }
    await setAdminPassword(database.db, env.ADMIN_USERNAME.trim(), password.data)
    log.info('admin created', { username: env.ADMIN_USERNAME.trim() })
    return
  }
  log.warn(
    'No admin account yet: set ADMIN_USERNAME and ADMIN_PASSWORD and restart, or run `bun run admin:password <username>`.',
  )
}
