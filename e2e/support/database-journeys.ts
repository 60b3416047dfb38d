/**
 * The browser journeys that run on PostgreSQL too. Every journey runs on PGlite; on PostgreSQL
 * `bun run test` runs the whole API suite and the cluster test, and then only these journeys:
 * the ones whose screens reach code that behaves differently on the other driver (postgres.js
 * and its pool instead of PGlite's one connection: transactions and locks held across
 * statements, `SKIP LOCKED` claims, counts and timestamps as the driver parses them, the
 * restore's replace-everything transaction). The rest of the journeys exercise the pages and
 * the admin's screens, which read the same answers from either database; the API suite
 * already runs every endpoint on both. `E2E_ALL=1` runs every journey on PostgreSQL as well.
 *
 * docs/testing.md ("Which checks run on which database") gives the same list with the reasons;
 * `server/tests/codebase/database-journeys.test.ts` fails when a file named here no longer exists.
 */
export const databaseJourneys: ReadonlyArray<{ file: string; why: string }> = [
  {
    file: 'analytics-empty.e2e.ts',
    why: 'the Analytics screen on a site nobody has visited: empty aggregates and counts as the driver parses them',
  },
  {
    file: 'admin-analytics.e2e.ts',
    why: 'page views flushed from memory in batches, visitors counted by a daily salt, the report grouped by UTC day',
  },
  {
    file: 'share-link.e2e.ts',
    why: 'a share link’s credit kept in the database, read back on a later request',
  },
  {
    file: 'admin-home.e2e.ts',
    why: 'the overview’s counts (bigint counts are strings from postgres.js) and the checklist read from several tables',
  },
  {
    file: 'notes.e2e.ts',
    why: 'scheduled publishing claimed by a job, full-text search over expression indexes, feeds',
  },
  {
    file: 'notes-trash.e2e.ts',
    why: 'a note moved to the Trash and back: its slug claimed under an advisory lock, the trash row in the same transaction',
  },
  {
    file: 'nothing-lost.e2e.ts',
    why: 'delete and Undo, the Trash, a revision restored: multi-statement transactions',
  },
  {
    file: 'restore-notice.e2e.ts',
    why: 'a backup restored (every table replaced in one transaction) noticed by an open admin tab',
  },
  {
    file: 'cv.e2e.ts',
    why: 'JSON Resume imported under an advisory lock in one transaction, the backup screen’s download and restore',
  },
  {
    file: 'admin-inbox.e2e.ts',
    why: 'a message and its alert written together, the outbox claimed with SKIP LOCKED and leases',
  },
  {
    file: 'admin-order.e2e.ts',
    why: 'a new order saved under the order’s advisory lock, in one transaction that must name every row',
  },
  {
    file: 'first-setup.e2e.ts',
    why: 'the first admin made once under the start-up advisory lock, the set-up token',
  },
  {
    file: 'github.e2e.ts',
    why: 'repository data refreshed by a job claimed once, the rate limit stored in the database',
  },
  {
    file: 'edit-conflicts.e2e.ts',
    why: 'two tabs saving one project: the version compared under the row lock (SELECT … FOR UPDATE) in the save’s transaction',
  },
  {
    file: 'admin-media.e2e.ts',
    why: 'the media library’s uses, read across every content table',
  },
  {
    file: 'admin-security.e2e.ts',
    why: 'two-factor sign-in, recovery codes and sessions revoked: the sign-in lockout’s counters',
  },
]
