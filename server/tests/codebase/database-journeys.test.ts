import { describe, expect, test } from 'bun:test'
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { databaseJourneys } from '../../../e2e/support/database-journeys'

const root = resolve(import.meta.dir, '../../..')

describe('the journeys that run on PostgreSQL too', () => {
  test('each names a journey file that exists, once, with its reason', () => {
    const files = databaseJourneys.map(({ file }) => file)
    expect(new Set(files).size).toBe(files.length)
    for (const { file, why } of databaseJourneys) {
      expect(existsSync(join(root, 'e2e', file)), `e2e/${file}`).toBe(true)
      expect(why.length).toBeGreaterThan(20)
    }
  })

  test('docs/testing.md lists the same files', () => {
    const doc = readFileSync(join(root, 'docs/testing.md'), 'utf8')
    const section = doc.split('## Which checks run on which database')[1]?.split('\n## ')[0] ?? ''
    const listed = [...section.matchAll(/`e2e\/([\w-]+\.e2e\.ts)`/g)].map((match) => match[1])
    expect(listed.sort()).toEqual(databaseJourneys.map(({ file }) => file).sort())
  })
})
