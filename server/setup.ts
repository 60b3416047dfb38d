import { newPasswordSchema } from '../src/schemas/auth'
import { applyMigrations, type Database, openDatabase } from './db/client'
import { ConfigError, type Env } from './env'
import type { Logger } from './log'
import { recordAudit } from './services/audit'
import { adminExists, setAdminPassword } from './services/auth/account'
import { ensureSetupToken, removeSetupToken } from './services/auth/first-admin'
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
 * make one admin (the others wait, then find it done). With no admin at
 * all: the one-time set-up token, for the address the server prints once
 * it listens.
 */
export function prepareDatabase(
  database: Database,
  env: Env,
  log: Logger,
): Promise<{ setupToken?: string }> {
  return database.exclusive(() => prepareLocked(database, env, log))
}

async function prepareLocked(
  database: Database,
  env: Env,
  log: Logger,
): Promise<{ setupToken?: string }> {
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
  if (await adminExists(database.db)) {
    // Made another way (ADMIN_*, the command line, a restore): the link must not linger.
    await removeSetupToken(database.db, env.DATA_DIR)
    return {}
  }
  if (env.ADMIN_USERNAME && env.ADMIN_PASSWORD) {
    const password = newPasswordSchema.safeParse(env.ADMIN_PASSWORD)
    if (!password.success) {
      throw new ConfigError(`ADMIN_PASSWORD: ${password.error.issues[0]?.message ?? 'invalid'}`)
    }
    await setAdminPassword(database.db, env.ADMIN_USERNAME.trim(), password.data)
    log.info('admin created', { username: env.ADMIN_USERNAME.trim() })
    await recordAudit(
      { db: database.db, now: () => new Date(), ip: null },
      {
        action: 'admin.created',
        actor: env.ADMIN_USERNAME.trim(),
        details: { via: 'environment (ADMIN_USERNAME, ADMIN_PASSWORD)' },
      },
    )
    await removeSetupToken(database.db, env.DATA_DIR)
    return {}
  }
  return { setupToken: await ensureSetupToken(database.db, env.DATA_DIR) }
}

/**
 * The lines printed after `listening` while no admin exists: the site and
 * the one-time set-up address, as one warning a person reads first.
 */
export function setupBanner(
  siteUrl: string,
  token: string,
): { msg: string; setupUrl: string; text: string } {
  const site = siteUrl.replace(/\/+$/, '')
  const setupUrl = `${site}/setup?token=${token}`
  const rule = '─'.repeat(Math.min(Math.max(setupUrl.length + 4, 48), 120))
  return {
    setupUrl,
    text: [
      '',
      rule,
      `  Your portfolio is running at ${site}`,
      '',
      '  No admin account yet. Create yours here (the link works once):',
      `  ${setupUrl}`,
      rule,
      '',
    ].join('\n'),
    msg: `No admin account yet. Open ${setupUrl} to create it (one-time link; the token is also in DATA_DIR/setup-token). Or set ADMIN_USERNAME and ADMIN_PASSWORD, or run \`bun run admin:password <username>\`.`,
  }
}
