/**
 * The docs that describe the code are checked against it: the jobs
 * docs/architecture.md lists are the jobs the server declares, every
 * decision record carries its date and status (and where a later one
 * replaced it, which), and the glossary is linked from the architecture.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import {
  defaultActivityPubSettings,
  defaultAlertTiming,
  defaultGitHubSettings,
  defaultScholarlyConfig,
} from '../../config'
import { contentKinds } from '../../content/registry'
import type { Database } from '../../db/client'
import { createLogger } from '../../log'
import { createFolderStore } from '../../media/folder-store'
import { serverJobs } from '../../periodic-jobs'
import { createAnalytics } from '../../services/analytics'
import { freshDatabase } from '../support/harness'

const docs = resolve(import.meta.dir, '../../../docs')
const read = (name: string) => readFileSync(join(docs, name), 'utf8')

let database: Database
// A new PGlite database: seconds on a busy machine (the default hook limit is 5 s).
beforeAll(async () => {
  database = await freshDatabase()
}, 60_000)
afterAll(() => database.close())

/** Every job the server can run: each optional feature switched on. */
function declaredJobs(): string[] {
  const log = createLogger('silent')
  const jobs = serverJobs({
    sessionIdleMs: 86_400_000,
    mediaStore: createFolderStore('/nonexistent'),
    log,
    analytics: {
      // Nothing is counted or written: the jobs are listed, not run.
      counts: createAnalytics({ db: database.db, now: () => new Date(), log }),
      flushMs: 5_000,
    },
    alerts: {
      settings: { ...defaultAlertTiming, webhookUrl: 'http://127.0.0.1:9/hook' },
      siteUrl: 'http://localhost',
    },
    github: { settings: defaultGitHubSettings },
    newsletter: { config: {}, siteUrl: 'http://localhost' },
    scholarly: defaultScholarlyConfig,
    social: {
      config: { sessionTtlMs: 86_400_000, sessionIdleMs: 86_400_000 },
      siteUrl: 'http://localhost',
    },
    activitypub: { siteUrl: 'http://localhost', settings: defaultActivityPubSettings },
  })
  return jobs.map((job) => job.name)
}

/** The job names in the first column of the table under "### Jobs today". */
function documentedJobs(): string[] {
  const text = read('architecture.md')
  const start = text.indexOf('### Jobs today')
  expect(start).toBeGreaterThan(-1)
  const rest = text.slice(start + 1)
  const end = rest.search(/\n##/)
  const rows = (end > 0 ? rest.slice(0, end) : rest).split('\n')
  return rows.flatMap((row) => {
    const match = /^\| `([a-z0-9-]+)` \|/.exec(row)
    return match?.[1] ? [match[1]] : []
  })
}

describe('docs/architecture.md', () => {
  test('"Jobs today" lists exactly the jobs the server declares', () => {
    expect(documentedJobs().sort()).toEqual(declaredJobs().sort())
  })

  test('"Kinds today" lists exactly the registry\'s content kinds', () => {
    const text = read('architecture.md')
    const start = text.indexOf('### Kinds today')
    expect(start).toBeGreaterThan(-1)
    const rest = text.slice(start + 1)
    const end = rest.search(/\n##/)
    const listed = (end > 0 ? rest.slice(0, end) : rest).split('\n').flatMap((row) => {
      const match = /^\| `([a-z_]+)`[^|]*\| `([a-z_]+)` \|/.exec(row)
      return match?.[1] && match[2] ? [`${match[1]} ${match[2]}`] : []
    })
    expect(listed.sort()).toEqual(
      contentKinds.map((kind) => `${kind.name} ${kind.labels.backupTable.name}`).sort(),
    )
  })

  test('links the glossary, and names no folder that is gone', () => {
    const text = read('architecture.md')
    expect(text).toContain('(glossary.md)')
    expect(text).not.toMatch(
      /`rest\/`|pass-loop\.ts|jobs\/index\.ts|publish-posts\.ts|project-slugs\.ts/,
    )
  })
})

describe('docs/decisions', () => {
  const records = readdirSync(join(docs, 'decisions')).filter((name) => name.endsWith('.md'))

  test.each(records)('%s has a Date and a Status', (name) => {
    const head = read(join('decisions', name)).split('\n').slice(0, 8).join('\n')
    expect(head).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/m)
    // `rejected`: an experiment measured and not kept, recorded so that it is not tried blind again.
    expect(head).toMatch(/^Status: (accepted|superseded|accepted, partly superseded|rejected)$/m)
  })

  test('a superseded record names the record that replaced it, which exists', () => {
    for (const name of records) {
      const text = read(join('decisions', name))
      const superseded = /^Status: .*superseded/m.test(text)
      const by = /^Superseded by: \[(\d{4})\]\(([^)]+)\)/m.exec(text)
      expect({ name, superseded, named: Boolean(by) }).toEqual({
        name,
        superseded,
        named: superseded,
      })
      if (by?.[2]) expect(records).toContain(by[2])
    }
  })
})

describe('docs/glossary.md', () => {
  test('defines the product words and the synonyms to avoid', () => {
    const text = read('glossary.md')
    for (const word of [
      'Note',
      'Message',
      'Project',
      'Timeline event',
      'Trash',
      'Revision',
      'Share link',
    ]) {
      expect(text).toMatch(new RegExp(`^\\| \\*\\*${word}\\*\\*`, 'm'))
    }
    expect(text).toMatch(/post/)
    expect(text).toMatch(/contact/)
  })
})
