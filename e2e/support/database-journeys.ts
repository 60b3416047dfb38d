/**
 * The browser journeys that run on PostgreSQL too. Every journey runs on PGlite; on PostgreSQL
 * `bun run test` runs the whole API suite and the cluster test, and then only these journeys:
 * the screens of the paths that differ most between the drivers (postgres.js and its pool instead
 * of PGlite's one connection): restore, scheduled publishing, search, the Trash, analytics. The
 * other journeys' screens read the same answers from either database; what they reach on the
 * server that depends on the driver (locks, claims, transactions, counts as the driver parses
 * them) the API suite checks on both databases, in the files `apiInstead` names.
 * `E2E_ALL=1` runs every journey on PostgreSQL as well.
 *
 * docs/testing.md ("Which checks run on which database") gives both lists with the reasons;
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
    file: 'notes.e2e.ts',
    why: 'scheduled publishing claimed by a job, full-text search over expression indexes, feeds',
  },
  {
    file: 'notes-trash.e2e.ts',
    why: 'a note moved to the Trash and back: its slug claimed under an advisory lock, the trash row in the same transaction',
  },
  {
    file: 'restore-notice.e2e.ts',
    why: 'a backup restored (every table replaced in one transaction) noticed by an open admin tab',
  },
]

/**
 * Journeys that ran on PostgreSQL until CI had to fit in 30 minutes: the database path each
 * reached, and the API test files (run on both databases) that check that path, with the same
 * concurrency where there is any. `server/tests/codebase/database-journeys.test.ts` checks that
 * each file exists.
 */
export const apiInstead: ReadonlyArray<{ file: string; path: string; tests: string[] }> = [
  {
    file: 'owner-pages.e2e.ts',
    path: 'a page’s address claimed under the kind’s advisory lock, the menu stored in one row and read by every page',
    tests: ['server/tests/owner-pages/owner-pages.test.ts'],
  },
  {
    file: 'admin-home.e2e.ts',
    path: 'the overview’s counts (bigint counts are strings from postgres.js) and the checklist',
    tests: ['server/tests/admin/admin-overview.test.ts'],
  },
  {
    file: 'nothing-lost.e2e.ts',
    path: 'delete and Undo, the Trash, a revision restored: multi-statement transactions',
    tests: ['server/tests/trash/trash.test.ts', 'server/tests/revisions/revisions.test.ts'],
  },
  {
    file: 'cv.e2e.ts',
    path: 'JSON Resume imported under an advisory lock in one transaction; a backup downloaded and restored',
    tests: ['server/tests/profile/json-resume.test.ts', 'server/tests/backup/admin-backup.test.ts'],
  },
  {
    file: 'admin-inbox.e2e.ts',
    path: 'a message and its alert written together, the outbox claimed with SKIP LOCKED and leases',
    tests: ['server/tests/messages/inbox.test.ts', 'server/tests/messages/alerts.test.ts'],
  },
  {
    file: 'admin-order.e2e.ts',
    path: 'a new order saved under the order’s advisory lock, in one transaction that must name every row',
    tests: ['server/tests/projects/cms.test.ts'],
  },
  {
    file: 'first-setup.e2e.ts',
    path: 'the first admin made once under the start-up advisory lock, the set-up token',
    tests: ['server/tests/security/first-admin.test.ts'],
  },
  {
    file: 'github.e2e.ts',
    path: 'repository data refreshed by a job claimed once, the rate limit stored in the database',
    tests: ['server/tests/projects/github-refresh.test.ts'],
  },
  {
    file: 'edit-conflicts.e2e.ts',
    path: 'a save over a newer version of one project: the version compared under the row lock (SELECT … FOR UPDATE)',
    tests: ['server/tests/revisions/edit-conflicts.test.ts'],
  },
  {
    file: 'admin-media.e2e.ts',
    path: 'the media library’s uses, read across every content table',
    tests: ['server/tests/media/media-uses.test.ts'],
  },
  {
    file: 'admin-security.e2e.ts',
    path: 'two-factor sign-in, recovery codes, sessions revoked, the sign-in lockout’s counters',
    tests: [
      'server/tests/security/two-factor.test.ts',
      'server/tests/security/sessions.test.ts',
      'server/tests/security/login-throttle.test.ts',
    ],
  },
]
