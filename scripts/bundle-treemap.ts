/**
 * `bun run bundle:treemap`: what the public entry is made of. Builds the
 * client with Vite into a temp folder, with a plugin that keeps the bundle's
 * metafile (each chunk's modules and their rendered code), then prints, for
 * the script a public page loads first (the entry chunk and what it imports
 * statically), its gzip -9 size and each dependency's share of it: each
 * module's code gzipped alone, scaled so the parts add up to the chunk's real
 * gzip size. The metafile is written to `.tmp/bundle-meta.json`, and a
 * treemap of it (nested boxes, area = gzip share) to `.tmp/bundle-treemap.html`.
 *
 *   bun run bundle:treemap            (top 25 packages and files)
 *   bun run bundle:treemap -- --all   (every module)
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build, type Plugin } from 'vite'

const root = resolve(import.meta.dir, '..')
const all = process.argv.includes('--all')

interface ChunkMeta {
  fileName: string
  isEntry: boolean
  imports: string[]
  dynamicImports: string[]
  code: string
  modules: { id: string; renderedLength: number; code: string }[]
}

const chunks = new Map<string, ChunkMeta>()
const collector: Plugin = {
  name: 'portfolio:metafile',
  generateBundle(_, bundle) {
    for (const output of Object.values(bundle)) {
      if (output.type !== 'chunk') continue
      chunks.set(output.fileName, {
        fileName: output.fileName,
        isEntry: output.isEntry,
        imports: output.imports,
        dynamicImports: output.dynamicImports,
        code: output.code,
        modules: Object.entries(output.modules).map(([id, module]) => ({
          id,
          renderedLength: module.renderedLength,
          code: module.code ?? '',
        })),
      })
    }
  },
}

const outDir = mkdtempSync(join(tmpdir(), 'portfolio-treemap-'))
try {
  await build({
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'warn',
    plugins: [collector],
    build: { outDir, emptyOutDir: true },
  })
} finally {
  rmSync(outDir, { recursive: true, force: true })
}

const entry = [...chunks.values()].find((chunk) => chunk.isEntry)
if (!entry) throw new Error('no entry chunk in the build')
// The entry and the chunks it imports statically: what a public page loads first.
const firstLoad: ChunkMeta[] = []
const seen = new Set<string>()
const visit = (name: string) => {
  if (seen.has(name)) return
  seen.add(name)
  const chunk = chunks.get(name)
  if (!chunk) return
  firstLoad.push(chunk)
  for (const next of chunk.imports) visit(next)
}
visit(entry.fileName)

/** node_modules/<pkg> (scoped too), else the file's path in the repository. */
function ownerOf(id: string): { group: string; file: string } {
  const clean = id.replace(/\?.*$/, '').replace(/^\0/, '')
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(clean)
  if (match) return { group: match[1] as string, file: match[2] as string }
  const path = clean.startsWith('/') ? relative(root, clean) : clean
  return { group: path.split('/').slice(0, 2).join('/'), file: path }
}

interface Part {
  group: string
  file: string
  raw: number
  gzip: number
}
const parts: Part[] = []
let totalGzip = 0
let totalRaw = 0
for (const chunk of firstLoad) {
  const chunkGzip = gzipSync(chunk.code, { level: 9 }).byteLength
  totalGzip += chunkGzip
  totalRaw += Buffer.byteLength(chunk.code)
  const alone = chunk.modules.map((module) =>
    module.code ? gzipSync(module.code, { level: 9 }).byteLength : 0,
  )
  const sum = alone.reduce((a, b) => a + b, 0) || 1
  chunk.modules.forEach((module, index) => {
    const { group, file } = ownerOf(module.id)
    parts.push({
      group,
      file,
      raw: module.renderedLength,
      gzip: ((alone[index] ?? 0) * chunkGzip) / sum,
    })
  })
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1)
const byGroup = new Map<string, { raw: number; gzip: number; files: Part[] }>()
for (const part of parts) {
  const group = byGroup.get(part.group) ?? { raw: 0, gzip: 0, files: [] }
  group.raw += part.raw
  group.gzip += part.gzip
  group.files.push(part)
  byGroup.set(part.group, group)
}
const groups = [...byGroup.entries()].sort((a, b) => b[1].gzip - a[1].gzip)

console.log(
  `public first load: ${firstLoad.map((chunk) => chunk.fileName).join(' + ')}: ${kb(totalRaw)} KB raw, ${kb(totalGzip)} KB gzip -9`,
)
console.log('\nshare by package or folder (gzip, scaled to the chunk; raw = minified bytes):')
for (const [name, group] of all ? groups : groups.slice(0, 25)) {
  console.log(
    `${kb(group.gzip).padStart(6)} KB  ${((group.gzip / totalGzip) * 100).toFixed(1).padStart(5)} %  ${kb(group.raw).padStart(6)} KB raw  ${name}`,
  )
}
console.log('\nlargest files:')
for (const part of [...parts].sort((a, b) => b.gzip - a.gzip).slice(0, all ? parts.length : 25)) {
  console.log(
    `${kb(part.gzip).padStart(6)} KB  ${part.group} ${part.file === part.group ? '' : part.file}`,
  )
}

const meta = {
  firstLoad: firstLoad.map((chunk) => chunk.fileName),
  gzip: totalGzip,
  raw: totalRaw,
  chunks: [...chunks.values()].map(({ code, modules, ...rest }) => ({
    ...rest,
    gzip: gzipSync(code, { level: 9 }).byteLength,
    modules: modules.map(({ id, renderedLength }) => ({ id: ownerOf(id), renderedLength })),
  })),
  parts,
}
mkdirSync(join(root, '.tmp'), { recursive: true })
writeFileSync(join(root, '.tmp/bundle-meta.json'), JSON.stringify(meta, null, 1))

// A treemap: one box per package, its files inside, area by gzip share (slice-and-dice).
type Box = { x: number; y: number; w: number; h: number }
function slice<T extends { gzip: number }>(items: T[], box: Box, horizontal: boolean) {
  const total = items.reduce((sum, item) => sum + item.gzip, 0) || 1
  let offset = 0
  return items.map((item) => {
    const share = item.gzip / total
    const part: Box = horizontal
      ? { x: box.x + offset * box.w, y: box.y, w: share * box.w, h: box.h }
      : { x: box.x, y: box.y + offset * box.h, w: box.w, h: share * box.h }
    offset += share
    return { item, box: part }
  })
}
const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c,
  )
const boxes: string[] = []
const groupItems = groups.map(([name, group]) => ({ name, ...group }))
for (const { item, box } of slice(groupItems, { x: 0, y: 0, w: 100, h: 100 }, true)) {
  boxes.push(
    `<div class="g" style="left:${box.x}%;top:${box.y}%;width:${box.w}%;height:${box.h}%" title="${escapeHtml(item.name)} ${kb(item.gzip)} KB gzip">${escapeHtml(item.name)} ${kb(item.gzip)} KB</div>`,
  )
  const files = [...item.files].sort((a, b) => b.gzip - a.gzip)
  for (const inner of slice(files, box, false)) {
    if (inner.box.h < 1.5) continue
    boxes.push(
      `<div class="f" style="left:${inner.box.x}%;top:${inner.box.y}%;width:${inner.box.w}%;height:${inner.box.h}%" title="${escapeHtml(inner.item.file)} ${kb(inner.item.gzip)} KB gzip"></div>`,
    )
  }
}
writeFileSync(
  join(root, '.tmp/bundle-treemap.html'),
  `<!doctype html><meta charset="utf-8"><title>Public first load: ${kb(totalGzip)} KB gzip</title>
<style>body{margin:0;font:12px system-ui}#m{position:relative;width:100vw;height:100vh}
.g,.f{position:absolute;box-sizing:border-box;overflow:hidden}.g{border:2px solid #334;z-index:1;pointer-events:none;padding:2px;font-weight:600}
.f{border:1px solid #99a;background:#eef}.f:hover{background:#fd8}</style>
<div id="m">${boxes.join('\n')}</div>`,
)
console.log('\nmetafile: .tmp/bundle-meta.json; treemap: .tmp/bundle-treemap.html')
