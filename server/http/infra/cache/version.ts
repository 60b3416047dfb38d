/**
 * Which content version the cached answers belong to. Every write to public
 * content bumps a counter in the database in the same transaction
 * (services/content-version.ts); an answer is valid only for the value read
 * before it was produced.
 *
 * The counter is read again at most every `ttlMs` (one single-row select,
 * shared by concurrent requests), and at once after a write through this
 * server (`markStale`), so a write here shows on the next request here,
 * and a write on another instance on the same PostgreSQL database within
 * `ttlMs`.
 */
export interface VersionTrackerOptions {
  /** Reads the database's content version. */
  read: () => Promise<number>
  /** How long a read is trusted; 0 reads it for every request. */
  ttlMs: number
  /** A monotonic clock in milliseconds (tests move it). */
  clock: () => number
  /** Called when a read finds a version other than the last one. */
  onChange: () => void
}

export function createVersionTracker(options: VersionTrackerOptions) {
  let known: number | undefined
  let checkedAt = Number.NEGATIVE_INFINITY
  let reading: Promise<number> | undefined
  /** Moves on each markStale: a read begun before it is not trusted for the TTL. */
  let epoch = 0

  /** The version now without waiting, or undefined when it is due to be read again. */
  function trusted(): number | undefined {
    return known !== undefined && options.clock() - checkedAt < options.ttlMs ? known : undefined
  }

  /** The version now: from memory within the TTL, else one read shared by all. */
  function current(): Promise<number> {
    const version = trusted()
    if (version !== undefined) return Promise.resolve(version)
    if (!reading) {
      const startedAt = options.clock()
      const startedEpoch = epoch
      const read = options.read().then((value) => {
        if (value !== known) {
          // The first read clears nothing: what is held then was adopted for a
          // version of its own (kept pages), which each lookup compares.
          const first = known === undefined
          known = value
          if (!first) options.onChange()
        }
        if (epoch === startedEpoch) checkedAt = startedAt
        return value
      })
      reading = read
      const settle = () => {
        if (reading === read) reading = undefined
      }
      read.then(settle, settle)
    }
    return reading
  }

  return {
    trusted,
    current,
    /** The last version read, trusted or not. */
    latest: (): number | undefined => known,
    /** After a write through this server: read the version on the next request. */
    markStale(): void {
      epoch++
      checkedAt = Number.NEGATIVE_INFINITY
      reading = undefined
    },
  }
}

export type VersionTracker = ReturnType<typeof createVersionTracker>
