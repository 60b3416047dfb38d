/**
 * The version of an editable row (a project, a timeline event, a note, the
 * profile): its `updated_at` in milliseconds. Every save sets `updated_at`
 * to a later instant than the one it replaces (`nextUpdatedAt`), so each
 * save makes a new version, even two in the same millisecond or under a
 * test's fixed clock. An edit form sends back the version it was loaded
 * from; a save over another one is refused (`checkVersion`), so two tabs
 * never silently undo each other's changes.
 */
import { VersionConflictError } from '../errors'

/** The version a read answers for a row last saved at `updatedAt`. */
export function versionOf(updatedAt: Date | string): number {
  return new Date(updatedAt).getTime()
}

/** The `updated_at` of a save at `now` over a row saved at `current`: always later than it. */
export function nextUpdatedAt(current: Date, now: Date = new Date()): Date {
  return new Date(Math.max(now.getTime(), current.getTime() + 1))
}

/**
 * Refuses a save made from another version than the stored one (409, with
 * both: `current` as a read answers it, `yours` as it was sent). No
 * `expected`: the save was sent without a version, and replaces the row.
 */
export async function checkVersion(
  expected: number | undefined,
  stored: Date,
  current: () => Promise<unknown>,
  yours: unknown,
): Promise<void> {
  if (expected === undefined || expected === versionOf(stored)) return
  throw new VersionConflictError(await current(), yours)
}
