import { BACKUP_TOKEN_HEADER, isBackupToken, isLoopbackAddress } from '../backup/access'
import { readBackup } from '../backup/snapshot'
import type { Database } from '../db/client'
import { isDatabaseUnavailable } from '../db/unavailable'
import type { MediaStore } from '../media/store'
import { messages } from '../messages'
import { recordBackupDownload } from '../services/admin-overview'
import { recordAudit } from '../services/audit'
import { forwardingHeaderOf } from './client-address'
import { jsonError } from './respond'

/**
 * `GET /internal/backup`: the backup document, for `bun run backup` on the
 * same machine (server/backup/access.ts). Without a token configured
 * (PostgreSQL, tests), from a non-loopback address, or relayed by a proxy, it
 * does not exist (404).
 */
export async function handleBackupRequest(
  request: Request,
  server: Bun.Server<unknown> | null,
  database: Database,
  store: MediaStore,
  token: string | undefined,
): Promise<Response> {
  const relayed = forwardingHeaderOf(request) !== undefined
  if (!token || relayed || !isLoopbackAddress(server?.requestIP(request)?.address)) {
    return jsonError(404, messages.notFound)
  }
  if (!isBackupToken(request.headers.get(BACKUP_TOKEN_HEADER) ?? '', token)) {
    return jsonError(403, 'The backup token is missing or wrong.')
  }
  try {
    const backup = await readBackup(database.db, database.kind, store)
    await recordAudit(
      { db: database.db, now: () => new Date(), ip: '127.0.0.1' },
      { action: 'backup.download', actor: null, details: { via: 'bun run backup' } },
    )
    await recordBackupDownload(database.db, new Date())
    return new Response(JSON.stringify(backup), {
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    })
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error
    return jsonError(503, messages.unavailable, {}, { 'retry-after': '5' })
  }
}
