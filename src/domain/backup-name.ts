/**
 * The name of a backup file, the same from `bun run backup` and from the
 * admin's download: `backup-YYYYMMDD-HHMMSS.json`, in UTC.
 */
export function backupFileName(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/-|:/g, '')
    .replace('T', '-')
  return `backup-${stamp}.json`
}
