/**
 * The layers point one way (docs/architecture.md): src ← services ← trpc ←
 * rest/http ← app. These read the imports of every source file, so a
 * module that reaches the wrong way fails here, named.
 */
import { expect, test } from 'bun:test'
import { dirname, join, normalize } from 'node:path'

const importPattern = /^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/gm

async function importsOf(pattern: string): Promise<{ file: string; target: string }[]> {
  const found: { file: string; target: string }[] = []
  for await (const file of new Bun.Glob(pattern).scan('.')) {
    if (file.endsWith('.test.ts') || file.startsWith('server/tests/')) continue
    const text = await Bun.file(file).text()
    for (const match of text.matchAll(importPattern)) {
      const spec = match[1] ?? ''
      const target = spec.startsWith('.') ? normalize(join(dirname(file), spec)) : spec
      found.push({ file, target })
    }
  }
  return found
}

const offenders = (
  imports: { file: string; target: string }[],
  forbidden: (target: string) => boolean,
) =>
  imports.filter(({ target }) => forbidden(target)).map(({ file, target }) => `${file} → ${target}`)

test('src imports nothing but zod and itself', async () => {
  const imports = await importsOf('src/**/*.ts')
  expect(offenders(imports, (target) => !target.startsWith('src/') && target !== 'zod')).toEqual([])
})

test('services, the media store, the backup modules, the database layer, Markdown and the preview cards never import a door', async () => {
  const imports = [
    ...(await importsOf('server/services/**/*.ts')),
    ...(await importsOf('server/og/**/*.ts')),
    ...(await importsOf('server/media/**/*.ts')),
    ...(await importsOf('server/backup/**/*.ts')),
    ...(await importsOf('server/db/**/*.ts')),
    ...(await importsOf('server/markdown/**/*.ts')),
    ...(await importsOf('server/cv/**/*.ts')),
    ...(await importsOf('server/jobs/**/*.ts')),
  ]
  const doors = /^(server\/(trpc|http|rest)\/|@trpc\/|elysia$)/
  expect(offenders(imports, (target) => doors.test(target))).toEqual([])
})

test('Markdown rendering and the CV PDF are pure: no database, services or configuration', async () => {
  const imports = [
    ...(await importsOf('server/markdown/**/*.ts')),
    ...(await importsOf('server/cv/**/*.ts')),
  ]
  const stateful = /^server\/(db|services|config|env|setup)\b/
  expect(offenders(imports, (target) => stateful.test(target))).toEqual([])
})

test('the tRPC layer does not import the HTTP doors', async () => {
  const imports = await importsOf('server/trpc/**/*.ts')
  expect(offenders(imports, (target) => /^server\/(http|rest)\//.test(target))).toEqual([])
})

test('nothing under server/ imports scripts/', async () => {
  const imports = await importsOf('server/**/*.ts')
  expect(offenders(imports, (target) => target.startsWith('scripts/'))).toEqual([])
})

test('the client reaches the server only for types', async () => {
  const offending: string[] = []
  for await (const file of new Bun.Glob('client/**/*.{ts,tsx}').scan('.')) {
    if (file.endsWith('.test.ts')) continue
    const text = await Bun.file(file).text()
    for (const match of text.matchAll(/^\s*import\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]/gm)) {
      const target = normalize(join(dirname(file), match[2] ?? ''))
      if (target.startsWith('server/') && !match[1]) offending.push(`${file} → ${target}`)
    }
  }
  expect(offending).toEqual([])
})
