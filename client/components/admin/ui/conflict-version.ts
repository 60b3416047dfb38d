import { httpStatusOf, isClientError } from '../../../lib/api-errors'

// Here beside the admin's forms rather than in lib/api-errors.ts, which the public pages'
// entry holds: whatever an admin chunk takes from that module is bundled into the entry.
/**
 * The stored version a save was refused over (a 409 whose data carries
 * `conflict: { current, yours }`): the current item's `version`, or null for
 * any other failure.
 */
export function conflictVersionOf(error: unknown): number | null {
  if (!isClientError(error) || httpStatusOf(error) !== 409) return null
  const data = error.data
  const conflict =
    typeof data === 'object' && data !== null && 'conflict' in data ? data.conflict : null
  const current =
    typeof conflict === 'object' && conflict !== null && 'current' in conflict
      ? conflict.current
      : null
  const version =
    typeof current === 'object' && current !== null && 'version' in current ? current.version : null
  return typeof version === 'number' ? version : null
}
