import { describe, expect, test } from 'bun:test'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { apiInstead, databaseJourneys } from '../../../e2e/support/database-journeys'
import { apartDatabaseUrl, apartServers } from '../../../e2e/support/servers'

const root = resolve(import.meta.dir, '../../..')

/**
 * Every journey file, by its name: the lists (and `E2E_ONLY`, and
 * playwright.config.ts's projects) name a journey by its file name alone,
 * wherever its feature folder puts it.
 */
const journeyPaths = new Map(
  readdirSync(join(root, 'e2e'), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.e2e.ts'))
    .map((path) => [basename(path), `e2e/${path}`] as const),
)
/** Where a named journey is (`e2e/<feature>/<file>`), or the name under e2e/ when there is none. */
const journeyPath = (file: string) => journeyPaths.get(file) ?? `e2e/${file}`

describe('the journey files', () => {
  test('each is in a feature folder, and no two share a name', () => {
    const paths = readdirSync(join(root, 'e2e'), { recursive: true, encoding: 'utf8' }).filter(
      (path) => path.endsWith('.e2e.ts'),
    )
    expect(paths.length).toBeGreaterThan(40)
    expect(journeyPaths.size).toBe(paths.length)
    // One folder deep: e2e/<feature>/<file>, beside e2e/support/ and e2e/fixtures.ts.
    const outside = paths.filter((path) => dirname(path) === '.' || dirname(path).includes('/'))
    expect(outside).toEqual([])
  })
})

describe('the journeys that run on PostgreSQL too', () => {
  test('each names a journey file that exists, once, with its reason', () => {
    const files = databaseJourneys.map(({ file }) => file)
    expect(new Set(files).size).toBe(files.length)
    for (const { file, why } of databaseJourneys) {
      expect(existsSync(join(root, journeyPath(file))), journeyPath(file)).toBe(true)
      expect(why.length).toBeGreaterThan(20)
    }
  })

  test('docs/testing.md lists the same files', () => {
    const doc = readFileSync(join(root, 'docs/testing.md'), 'utf8')
    const section = doc.split('## Which checks run on which database')[1]?.split('\n## ')[0] ?? ''
    const listed = [...section.matchAll(/^- `(e2e\/[\w/-]+\.e2e\.ts)`:/gm)].map((match) => match[1])
    expect(listed.sort()).toEqual(databaseJourneys.map(({ file }) => journeyPath(file)).sort())
  })

  test('each journey left to PGlite names the API test files that check its path on both databases', () => {
    const kept = new Set(databaseJourneys.map(({ file }) => file))
    for (const { file, path, tests } of apiInstead) {
      expect(existsSync(join(root, journeyPath(file))), journeyPath(file)).toBe(true)
      expect(kept.has(file), `${file} is on both lists`).toBe(false)
      expect(path.length).toBeGreaterThan(20)
      expect(tests.length).toBeGreaterThan(0)
      for (const test of tests) expect(existsSync(join(root, test)), test).toBe(true)
    }
  })

  test('docs/testing.md names them with their API tests', () => {
    const doc = readFileSync(join(root, 'docs/testing.md'), 'utf8')
    const section = doc.split('## Which checks run on which database')[1]?.split('\n## ')[0] ?? ''
    for (const { file, tests } of apiInstead) {
      const line = section
        .split('\n')
        .find((text) => text.includes(`\`${journeyPath(file)}\` (PGlite)`))
      expect(line, file).toBeDefined()
      for (const test of tests) expect(line, `${file}: ${test}`).toContain(`\`${test}\``)
    }
  })
})

describe('the journeys with a server of their own', () => {
  test('each names journey files that exist, in one server only, with its reason', () => {
    const files = apartServers.flatMap((server) => server.files)
    expect(new Set(files).size).toBe(files.length)
    expect(new Set(apartServers.map((server) => server.name)).size).toBe(apartServers.length)
    for (const server of apartServers) {
      expect(server.files.length).toBeGreaterThan(0)
      for (const file of server.files)
        expect(existsSync(join(root, journeyPath(file))), journeyPath(file)).toBe(true)
      expect(server.why.length).toBeGreaterThan(20)
    }
  })

  test('docs/testing.md names each of them', () => {
    const doc = readFileSync(join(root, 'docs/testing.md'), 'utf8')
    for (const server of apartServers) expect(doc).toContain(`\`${server.name}\``)
  })

  test('a database of its own on PostgreSQL: the main name with the server after it', () => {
    expect(apartDatabaseUrl('postgres://u:p@127.0.0.1:5432/portfolio_e2e_7', 'security')).toBe(
      'postgres://u:p@127.0.0.1:5432/portfolio_e2e_7_security',
    )
  })
})
