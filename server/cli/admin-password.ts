/**
 * Sets or resets the admin password from a terminal, and revokes every session.
 *   bun run admin:password [username] [--reset-2fa]
 * The password is read from the ADMIN_PASSWORD variable when set (scripts),
 * otherwise asked for twice on the terminal. `--reset-2fa` also turns
 * two-factor sign-in off (a lost phone and lost recovery codes): the owner
 * signs in with the password alone and can enrol again. Passkeys stay as
 * they are (the command says how many): the owner removes a lost one in
 * Settings → Security once signed in.
 */

import { count } from 'drizzle-orm'
import { newPasswordSchema } from '../../src/schemas/auth'
import { DataDirLockedError } from '../db/lock'
import { passkeys } from '../db/schema'
import { loadEnv } from '../env'
import { createLogger } from '../log'
import { recordAudit } from '../services/audit'
import { setAdminPassword } from '../services/auth/account'
import { removeSetupToken } from '../services/auth/first-admin'
import { openDatabaseFromEnv, prepareDatabase } from '../setup'

const lines = console[Symbol.asyncIterator]()

async function readLine(question: string): Promise<string> {
  process.stdout.write(question)
  const next = await lines.next()
  return next.done ? '' : String(next.value)
}

/** The username (argument, ADMIN_USERNAME or asked) and the new password (ADMIN_PASSWORD or asked twice). */
async function askCredentials(env: ReturnType<typeof loadEnv>, args: string[]) {
  const username = (
    args.find((arg) => !arg.startsWith('-')) ??
    env.ADMIN_USERNAME ??
    (await readLine('Admin username: '))
  ).trim()
  if (!username) throw new Error('A username is required.')
  let password = env.ADMIN_PASSWORD
  if (!password) {
    // Don't echo the password on a terminal.
    const tty = process.stdin.isTTY
    if (tty) Bun.spawnSync(['stty', '-echo'], { stdin: 'inherit' })
    try {
      password = await readLine('New password (at least 8 characters): ')
      if (tty) process.stdout.write('\n')
      const again = await readLine('Repeat the password: ')
      if (tty) process.stdout.write('\n')
      if (password !== again) throw new Error('The two passwords differ.')
    } finally {
      if (tty) Bun.spawnSync(['stty', 'echo'], { stdin: 'inherit' })
    }
  }
  const checked = newPasswordSchema.safeParse(password)
  if (!checked.success) throw new Error(checked.error.issues[0]?.message ?? 'Invalid password.')
  return { username, password: checked.data }
}

async function main() {
  const env = loadEnv()
  const args = process.argv.slice(2)
  const resetTwoFactor = args.includes('--reset-2fa')
  const unknown = args.filter((arg) => arg.startsWith('-') && arg !== '--reset-2fa')
  if (unknown.length) throw new Error(`Unknown option ${unknown.join(', ')} (only --reset-2fa).`)
  // Opened first: with PGlite this takes DATA_DIR's lock, so a running server
  // is reported before anything is asked, not after the password was typed twice.
  const database = await openDatabaseFromEnv(env)
  try {
    await prepareDatabase(
      database,
      { ...env, ADMIN_USERNAME: undefined, ADMIN_PASSWORD: undefined },
      createLogger('error'),
    )
    const { username, password } = await askCredentials(env, args)
    const result = await setAdminPassword(database.db, username, password, { resetTwoFactor })
    await removeSetupToken(database.db, env.DATA_DIR)
    const audit = { db: database.db, now: () => new Date(), ip: 'command line' }
    await recordAudit(audit, {
      action: result === 'created' ? 'admin.created' : 'admin.password_reset',
      actor: username,
      details: {
        ...(result === 'created' ? { via: 'command line' } : {}),
        sessions_revoked: true,
        locks_cleared: true,
      },
    })
    if (resetTwoFactor) {
      await recordAudit(audit, { action: 'twoFactor.reset', actor: username })
    }
    console.log(
      result === 'created'
        ? `Created the admin "${username}". Sign in at /login.`
        : `Updated the password of "${username}"; every session was signed out.`,
    )
    if (resetTwoFactor) {
      console.log('Two-factor sign-in is off: sign in with the password, then turn it on again.')
    }
    const [kept] = await database.db.select({ n: count() }).from(passkeys)
    const n = kept?.n ?? 0
    if (n > 0) {
      console.log(
        `${n === 1 ? '1 passkey stays' : `${n} passkeys stay`} in place: remove any you lost in Settings → Security.`,
      )
    }
  } finally {
    await database.close()
  }
}

main().catch((error: unknown) => {
  console.error(
    error instanceof DataDirLockedError ? `${error.message}` : `Error: ${(error as Error).message}`,
  )
  process.exit(1)
})
