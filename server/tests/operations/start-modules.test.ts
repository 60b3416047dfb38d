import { describe, expect, test } from 'bun:test'
import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'

/**
 * What the server loads before it listens: createServer() with the app, the
 * REST adapter and every periodic job, imported as server/index.ts imports
 * it, in a process of their own. The PDF renderer, the syntax highlighter,
 * sharp and nodemailer come with their first use (a CV, a code block, an
 * upload or a link-preview card, an email); so do Fedify (a request on a
 * federation path while federation is on, or a delivery), citation-js (a
 * publication's texts, an import), the WebAuthn library (a passkey
 * ceremony), the microformats parser (a webmention), file-type (an upload)
 * and jsonschema (a JSON Resume import). Each one's first use is tested with
 * its feature. The admin's screens (client/components/admin, dnd-kit, uPlot)
 * never load: the route tree imports an admin, sign-in or set-up route's
 * screen (its `.lazy.tsx` file) when the router asks for it, and the server,
 * which renders none of them (`ssr: false`), does not.
 */
describe('the start loads only what the first public answer needs', () => {
  test('no feature library a first page does not need is loaded by importing the app', () => {
    const server = resolve(import.meta.dir, '../..')
    const script = `
await import(${JSON.stringify(resolve(server, 'server.ts'))})
console.log(JSON.stringify(Object.keys(require.cache)))`
    const run = spawnSync(process.execPath, ['-e', script], {
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
    })
    expect(run.stderr).toBe('')
    const loaded: string[] = JSON.parse(run.stdout)
    // The app itself was loaded: the list is not empty by mistake.
    expect(loaded.some((path) => path.endsWith('server/app.ts'))).toBe(true)
    const heavy = loaded.filter(
      (path) =>
        /node_modules\/(pdfkit|fontkit|highlight\.js|lowlight|rehype-highlight|sharp|@img|nodemailer|@fedify|jsonld|@opentelemetry|@citation-js|citeproc|@simplewebauthn\/server|@peculiar|pkijs|microformats-parser|file-type|jsonschema|@dnd-kit|uplot)\//.test(
          path,
        ) || /\/client\/components\/admin\//.test(path),
    )
    expect(heavy).toEqual([])
  })
})
