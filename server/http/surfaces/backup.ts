import { BACKUP_TOKEN_HEADER, isBackupToken, isLoopbackAddress } from '../../backup/access'
import { messages } from '../../messages'
import { downloadBackupForCli } from '../../services/backups'
import type { Context } from '../../trpc/context'
import { errorResponse, jsonError } from '../../trpc/errors'
import { forwardingHeaderOf } from '../infra/client-address'

/**
 * `GET /internal/backup`: the backup document, for `bun run backup` on the
 * same machine (server/backup/access.ts). Without a token configured
 * (PostgreSQL, tests), from a non-loopback address, or relayed by a proxy, it
 * does not exist (404). What it sends is recorded in the audit log by the
 * service, as the admin's download is; failures answer as the API's do.
 */
export async function handleBackupRequest(
  request: Request,
  peer: string | null,
  ctx: Context,
  token: string | undefined,
): Promise<Response> {
  const relayed = forwardingHeaderOf(request) !== undefined
  if (!token || relayed || !isLoopbackAddress(peer ?? undefined)) {
    return jsonError(404, messages.notFound)
  }
  if (!isBackupToken(request.headers.get(BACKUP_TOKEN_HEADER) ?? '', token)) {
    return jsonError(403, 'The backup token is missing or wrong.')
  }
  try {
    const backup = await downloadBackupForCli(ctx)
    return new Response(JSON.stringify(backup), {
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    })
  } catch (error) {
    return errorResponse(error, ctx)
  }
}
