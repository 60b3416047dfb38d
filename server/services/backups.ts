/**
 * Backups from the admin (Settings → Backup): the same document as
 * `bun run backup` (server/backup/snapshot.ts, read in one REPEATABLE READ
 * transaction while the server keeps running, on PGlite too), and a
 * restore with the same checks as `bun run restore` (server/backup/format.ts):
 * a file that is not a valid backup changes nothing. A restore also asks for
 * the owner's password again. Both are rate limited per client address and
 * logged.
 */
import { eq } from 'drizzle-orm'
import type { BackupSummary } from '../../src/schemas/backup'
import {
  type Backup,
  BackupFormatError,
  backupSummary,
  backupTableNames,
  checkBackup,
} from '../backup/format'
import { restoreBackup } from '../backup/restore'
import { readBackup } from '../backup/snapshot'
import { throttleCounters } from '../db/schema'
import { ConflictError, InvalidInputError, RateLimitedError } from '../errors'
import { recordBackupDownload } from './admin-overview'
import { recordAudit } from './audit'
import type { Session } from './auth/sessions'
import { confirmIdentity } from './auth/sign-in'
import type { ServiceContext } from './context'
import { lockWindow } from './fixed-window'
import { unreadableSecretsNote } from './notification-settings'
import { lastRestoredAt, restoredMessage } from './restore-notice'

type BackupContext = Pick<
  ServiceContext,
  | 'db'
  | 'config'
  | 'mediaStore'
  | 'log'
  | 'ip'
  | 'now'
  | 'databaseKind'
  | 'requestId'
  | 'deviceToken'
  | 'rememberDevice'
  | 'userAgent'
>

/** Attempts per client address and window: a backup is heavy, a restore is drastic. */
export const backupRateLimits = {
  download: { max: 10, windowMs: 15 * 60_000 },
  restore: { max: 5, windowMs: 15 * 60_000 },
} as const

/** Counts one attempt of `kind` from the client; past the limit, RateLimitedError. */
async function countAttempt(ctx: BackupContext, kind: keyof typeof backupRateLimits) {
  const { max, windowMs } = backupRateLimits[kind]
  const now = ctx.now()
  const retryAfter = await ctx.db.transaction(async (tx) => {
    const window = await lockWindow(tx, `${kind}:${ctx.ip}`, windowMs, now)
    if (window.used >= max) {
      return (window.windowStart.getTime() + windowMs - now.getTime()) / 1000
    }
    await tx
      .update(throttleCounters)
      .set({ failures: window.used + 1, window_started_at: window.windowStart, updated_at: now })
      .where(eq(throttleCounters.key, window.row.key))
    return null
  })
  if (retryAfter !== null) {
    ctx.log.warn(`a ${kind} from the admin was refused: too many attempts`, {
      ip: ctx.ip,
      requestId: ctx.requestId,
    })
    throw new RateLimitedError(
      kind === 'download'
        ? 'Too many backups in a short time. Try again later.'
        : 'Too many restore attempts in a short time. Try again later.',
      retryAfter,
    )
  }
}

/** What a file holds, for the admin to read before restoring. */
export function summaryOf(backup: Backup): BackupSummary {
  return {
    created_at: backup.created_at,
    version: backup.version,
    source: backup.source ?? null,
    tables: Object.fromEntries(backupTableNames.map((name) => [name, backup.tables[name].length])),
    media_files: Object.keys(backup.media_files).length,
  }
}

/** The backup document, as `bun run backup` writes it. */
export async function downloadBackup(ctx: BackupContext, actor: string): Promise<Backup> {
  await countAttempt(ctx, 'download')
  const backup = await readBackup(ctx.db, ctx.databaseKind ?? 'pglite', ctx.mediaStore)
  // What leaves must read back as a valid backup, as the CLI checks before writing (the
  // structure: a row stored before a field rule existed still leaves, so nothing is lost).
  let checked: Backup
  try {
    checked = checkBackup(JSON.parse(JSON.stringify(backup)), { fieldRules: false })
  } catch (error) {
    if (!(error instanceof BackupFormatError)) throw error
    throw new ConflictError(
      `The stored data does not make a valid backup (${error.message}): correct it in the admin, then download again.`,
    )
  }
  const summary = backupSummary(checked.tables)
  ctx.log.info('a backup was downloaded from the admin', {
    ip: ctx.ip,
    requestId: ctx.requestId,
    summary,
  })
  // Everything the site holds left the server: the audit log says when, to whom and where.
  await recordAudit(ctx, {
    action: 'backup.download',
    actor,
    details: { via: 'admin', summary },
  })
  await recordBackupDownload(ctx.db, ctx.now())
  return backup
}

/**
 * The backup document for `bun run backup`, asked over the server's loopback
 * door (server/backup/access.ts): recorded in the audit log like the
 * admin's download, with no actor (whoever holds the machine's token).
 */
export async function downloadBackupForCli(
  ctx: Pick<ServiceContext, 'db' | 'now' | 'databaseKind' | 'mediaStore'>,
): Promise<Backup> {
  const backup = await readBackup(ctx.db, ctx.databaseKind ?? 'pglite', ctx.mediaStore)
  await recordAudit(
    { ...ctx, ip: '127.0.0.1' },
    { action: 'backup.download', actor: null, details: { via: 'bun run backup' } },
  )
  await recordBackupDownload(ctx.db, ctx.now())
  return backup
}

function checked(value: unknown): Backup {
  try {
    return checkBackup(value)
  } catch (error) {
    if (!(error instanceof BackupFormatError)) throw error
    throw new InvalidInputError(
      `This is not a valid portfolio backup: ${error.message}. Nothing was changed.`,
    )
  }
}

/** Checks a file and says what it holds; writes nothing. */
export function previewBackup(value: unknown): BackupSummary {
  return summaryOf(checked(value))
}

/**
 * Replaces everything with the file's content, after the owner's password
 * (of the signed-in admin user) is typed again. The password is checked
 * first, as a sign-in is (`confirmIdentity`): counted in the username's (or
 * device's) lockout and the per-IP cap, a wrong one recorded as a failed
 * sign-in, so a stolen session cannot guess the password through a
 * restore. Then the restore's own per-address limit, then the file. Every
 * session is dropped.
 */
export async function restoreFromAdmin(
  ctx: BackupContext,
  session: Session,
  input: { password: string; backup: unknown },
): Promise<BackupSummary & { notice: string }> {
  if (!(await confirmIdentity(ctx, session, { password: input.password }))) {
    ctx.log.warn('a restore from the admin was refused: wrong password', {
      ip: ctx.ip,
      requestId: ctx.requestId,
    })
    throw new InvalidInputError('That password is not right. Nothing was changed.')
  }
  await countAttempt(ctx, 'restore')
  const backup = checked(input.backup)
  await restoreBackup(ctx.db, backup, ctx.mediaStore)
  const secretsNote = await unreadableSecretsNote(ctx.db, ctx.config.secrets)
  ctx.log.warn('a backup was restored from the admin; every session was dropped', {
    ip: ctx.ip,
    requestId: ctx.requestId,
    taken: backup.created_at,
    summary: backupSummary(backup.tables),
  })
  const notice = [restoredMessage((await lastRestoredAt(ctx.db)) ?? ctx.now()), secretsNote]
    .filter(Boolean)
    .join(' ')
  return { ...summaryOf(backup), notice }
}
