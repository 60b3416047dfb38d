/**
 * The layers point one way (docs/architecture.md): src ← storage (db,
 * media, backup) ← services ← trpc ← the HTTP edge (infra ← api ← pages,
 * surfaces ← routes) ← app. These read the imports of every source file,
 * so a module that reaches the wrong way fails here, named.
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

/**
 * What src/ may import besides itself: zod, and the transliteration table that makes an
 * address from a title in the browser and on the server alike (decision 0373).
 */
const srcPackages = new Set(['zod', '@sindresorhus/transliterate'])

test('src imports nothing but zod (and the transliteration table) and itself', async () => {
  const imports = await importsOf('src/**/*.ts')
  expect(
    offenders(imports, (target) => !target.startsWith('src/') && !srcPackages.has(target)),
  ).toEqual([])
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
  const doors = /^(server\/(trpc|http)\/|server\/app$|@trpc\/|elysia$)/
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

test('Markdown imports only itself, src and packages', async () => {
  const imports = await importsOf('server/markdown/**/*.ts')
  const outside = (target: string) =>
    target.startsWith('server/') && !target.startsWith('server/markdown/')
  expect(offenders(imports, outside)).toEqual([])
})

test('the tRPC layer does not import the HTTP doors', async () => {
  const imports = await importsOf('server/trpc/**/*.ts')
  expect(offenders(imports, (target) => /^server\/(http\/|app$)/.test(target))).toEqual([])
})

test('storage (the database, the media store, the backup format) never imports services or a door', async () => {
  const imports = [
    ...(await importsOf('server/db/**/*.ts')),
    ...(await importsOf('server/media/**/*.ts')),
    ...(await importsOf('server/backup/**/*.ts')),
  ]
  const above = /^server\/(services|notify|jobs|setup|cli)\//
  expect(offenders(imports, (target) => above.test(target))).toEqual([])
})

test('the content kinds are declarations: server/content/ imports only the schema, the media keys, src and itself', async () => {
  const imports = await importsOf('server/content/**/*.ts')
  const allowed = /^(server\/content\/|server\/db\/schema$|server\/media\/keys$|src\/)/
  expect(
    offenders(imports, (target) => target.startsWith('server/') && !allowed.test(target)),
  ).toEqual([])
})

/** What each folder of the HTTP edge may not import: infra ← api ← pages, surfaces ← routes ← app. */
const edgeRules: [folder: string, forbidden: RegExp][] = [
  ['infra', /^server\/(http\/(api|pages|surfaces|routes)\b|app$)/],
  ['api', /^server\/(http\/(pages|surfaces|routes)\b|app$)/],
  ['pages', /^server\/(http\/(api|surfaces|routes)\b|app$)/],
  ['surfaces', /^server\/(http\/(pages|routes)\b|app$)/],
]

test.each(edgeRules)(
  'the edge points one way: http/%s imports nothing above it',
  async (folder, forbidden) => {
    const imports = await importsOf(`server/http/${folder}/**/*.ts`)
    expect(offenders(imports, (target) => forbidden.test(target))).toEqual([])
  },
)

/** The node a file belongs to: its folder under server/ (the edge's folders each their own), or a top-level module. */
function folderOf(path: string): string | null {
  const parts = path.replace(/\.tsx?$/, '').split('/')
  if (parts[0] !== 'server' || parts.length < 2) return null
  if (parts[1] === 'http' && parts.length > 3) return `server/http/${parts[2]}`
  return `server/${parts[1]}`
}

test('no two folders under server/ import each other, directly or through others', async () => {
  const graph = new Map<string, Map<string, string>>()
  for (const { file, target } of await importsOf('server/**/*.ts')) {
    const from = folderOf(file)
    const to = folderOf(target)
    if (!from || !to || from === to) continue
    const edges = graph.get(from) ?? new Map<string, string>()
    edges.set(to, edges.get(to) ?? `${file} → ${target}`)
    graph.set(from, edges)
  }
  const cycles: string[] = []
  const done = new Set<string>()
  const visit = (node: string, path: string[]) => {
    if (path.includes(node)) {
      const loop = [...path.slice(path.indexOf(node)), node]
      const named = loop.slice(1).map((to, i) => graph.get(loop[i] ?? '')?.get(to))
      cycles.push(named.join(', '))
      return
    }
    if (done.has(node)) return
    for (const next of graph.get(node)?.keys() ?? []) visit(next, [...path, node])
    done.add(node)
  }
  for (const node of graph.keys()) visit(node, [])
  expect(cycles).toEqual([])
})

/**
 * The node a services file belongs to: its folder inside server/services/
 * (`github`, `auth`), or the file itself for one directly under it.
 */
function serviceNodeOf(path: string): string | null {
  const parts = path.replace(/\.tsx?$/, '').split('/')
  if (parts[0] !== 'server' || parts[1] !== 'services' || parts.length < 3) return null
  return parts.length > 3 ? `server/services/${parts[2]}/` : `server/services/${parts[2]}`
}

/** The cycles of a graph of nodes, each named by the imports that make it. */
function cyclesOf(edges: { from: string; to: string; via: string }[]): string[] {
  const graph = new Map<string, Map<string, string>>()
  for (const { from, to, via } of edges) {
    const next = graph.get(from) ?? new Map<string, string>()
    next.set(to, next.get(to) ?? via)
    graph.set(from, next)
  }
  const cycles: string[] = []
  const done = new Set<string>()
  const visit = (node: string, path: string[]) => {
    if (path.includes(node)) {
      const loop = [...path.slice(path.indexOf(node)), node]
      cycles.push(
        loop
          .slice(1)
          .map((to, i) => graph.get(loop[i] ?? '')?.get(to))
          .join(', '),
      )
      return
    }
    if (done.has(node)) return
    for (const next of graph.get(node)?.keys() ?? []) visit(next, [...path, node])
    done.add(node)
  }
  for (const node of graph.keys()) visit(node, [])
  return cycles
}

test('no folder inside server/services/ and another service import each other, directly or through others', async () => {
  const edges: { from: string; to: string; via: string }[] = []
  for (const { file, target } of await importsOf('server/services/**/*.ts')) {
    const from = serviceNodeOf(file)
    const to = serviceNodeOf(target)
    if (!from || !to || from === to) continue
    // Only the cycles that go through a folder: files directly under services/ are one layer.
    edges.push({ from, to, via: `${file} → ${target}` })
  }
  const throughFolders = cyclesOf(edges).filter((cycle) =>
    cycle
      .split(', ')
      .some((step) => /server\/services\/[^/]+\/[^/]+ →|→ server\/services\/[^/]+\//.test(step)),
  )
  expect(throughFolders).toEqual([])
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
