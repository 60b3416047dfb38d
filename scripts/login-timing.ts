/**
 * `bun run login:timing`: prints how long a failed sign-in takes for an
 * unknown username and for a wrong password. Both verify an argon2id hash
 * (a dummy one for unknown users), so the two medians should be close: a
 * large gap would let an attacker find out which usernames exist.
 */
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../server/app'
import { defaultThrottleLimits } from '../server/config'
import { migrateDatabase, openDatabase } from '../server/db/client'
import { createLogger } from '../server/log'
import { createFolderStore } from '../server/media/folder-store'
import { setAdminPassword } from '../server/services/auth/account'
import { median } from './median'

const rounds = Number(process.env.ROUNDS ?? 15)
const database = await openDatabase({ kind: 'memory' })
await migrateDatabase(database)
await setAdminPassword(database.db, 'owner', 'the right passphrase')
const app = createApp({
  database,
  config: {
    sessionTtlMs: 3_600_000,
    sessionIdleMs: 3_600_000,
    // No lockouts during the measurement.
    loginThrottle: { ...defaultThrottleLimits, userMaxFailures: 1e9, ipMaxFailures: 1e9 },
  },
  log: createLogger('silent'),
  distDir: '/nonexistent',
  // Never written: the measurement signs in and nothing else.
  mediaStore: createFolderStore(join(tmpdir(), 'portfolio-login-timing-media')),
})

async function time(username: string): Promise<number> {
  const started = performance.now()
  const response = await app.handle(
    new Request('http://localhost/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'a wrong passphrase' }),
    }),
  )
  await response.text()
  if (response.status !== 401) throw new Error(`expected 401, got ${response.status}`)
  return performance.now() - started
}

await time('warm-up')
const unknown: number[] = []
const wrong: number[] = []
for (let i = 0; i < rounds; i++) {
  unknown.push(await time(`nobody-${i}`))
  wrong.push(await time('owner'))
}
console.table({
  'unknown username': { 'median ms': median(unknown).toFixed(1) },
  'wrong password': { 'median ms': median(wrong).toFixed(1) },
})
console.log(
  `ratio unknown / wrong: ${(median(unknown) / median(wrong)).toFixed(2)} (1.00 = indistinguishable)`,
)
await database.close()
