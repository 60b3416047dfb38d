/**
 * The limit `bun run lighthouse` compares each page with: the same page's HTML with every
 * script removed, served by nginx. Each page is fetched once from our server; its `<script>`
 * elements and module preloads are taken out and its `<noscript>` contents kept (what a
 * browser without script would show), brotli-compressed as our server does, and answered
 * at the same path by nginx; everything else (stylesheets, fonts, images) is proxied to our
 * server, so the two differ only in the scripts.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, constants } from 'node:zlib'
import { nginxConfig, nginxPath } from './nginx'
import { firstOk, freePort } from './server-process'

export { nginxPath }

/**
 * One script of a page, to measure what it alone costs (LIGHTHOUSE_LIMIT_ONLY):
 * the limit is then the page without that script only, its `<noscript>` left as it is.
 */
const singleScripts = {
  jsonld: /<script type="application\/ld\+json">[\s\S]*?<\/script>/gi,
  loader: /<script data-islands-loader[^>]*>[\s\S]*?<\/script>/gi,
  speculationrules: /<script type="speculationrules">[\s\S]*?<\/script>/gi,
  // Not a script: the web app manifest's link, to measure what its request costs the paint.
  manifest: /<link rel="manifest"[^>]*>/gi,
} as const
/**
 * Not a script taken out but the island loader written into the page (`inlineloader`): the
 * limit is then the page with the loader's code inline, no request for it (its chunks'
 * addresses made absolute), to measure what the loader's own request costs the largest paint.
 */
export type SingleScript = keyof typeof singleScripts | 'inlineloader'
export const singleScriptNames = [...Object.keys(singleScripts), 'inlineloader'] as SingleScript[]

/** The page with its island loader's file written in as an inline module script, in place of its boot. */
async function withLoaderInline(ours: string, html: string): Promise<string> {
  const tag =
    /<script data-islands-loader=""[^>]*\sdata-src="([^"]+)"[^>]*>[\s\S]*?<\/script>/.exec(html)
  if (!tag?.[1]) return html
  const file = await fetch(new URL(tag[1], ours))
  const source = (await file.text()).replace(/(["'`])\.\/([\w.-]+\.(?:js|css))/g, '$1/assets/$2')
  const opening = /^<script[^>]*>/.exec(tag[0])?.[0] ?? '<script>'
  return html.replace(
    tag[0],
    () => `${opening.replace('<script', '<script type="module"')}${source}</script>`,
  )
}

/** A page's HTML as a browser with script turned off would use it (or without one script). */
export function withoutScripts(html: string, only?: SingleScript): string {
  if (only === 'inlineloader') return html
  if (only) return html.replace(singleScripts[only], '')
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, '')
    .replace(/<noscript>([\s\S]*?)<\/noscript>/gi, '$1')
}

/**
 * Which of our page's own response headers the limit is answered with (LIGHTHOUSE_LIMIT_HEADERS):
 * none (the default: only its type, encoding and Cache-Control); `ours`: every header of our
 * answer but those of the transfer; `coop`: Cross-Origin-Opener-Policy alone. To measure what
 * the headers cost the paint (a COOP that differs from the page before it moves the new page
 * into a browsing context group, and a renderer, of its own).
 */
export type LimitHeaders = 'none' | 'ours' | 'coop'
export const limitHeaderChoices: LimitHeaders[] = ['none', 'ours', 'coop']

/** Headers nginx sets itself, or that describe one transfer, not the page. */
const notCopied = new Set([
  'content-type',
  'content-encoding',
  'content-length',
  'cache-control',
  'date',
  'etag',
  'vary',
  'x-request-id',
  'connection',
  'keep-alive',
  'transfer-encoding',
])

/** `add_header` lines for the headers `choice` keeps of our answer. */
function headerLines(headers: Headers, choice: LimitHeaders): string[] {
  if (choice === 'none') return []
  const kept = [...headers].filter(([name]) =>
    choice === 'coop' ? name === 'cross-origin-opener-policy' : !notCopied.has(name),
  )
  return kept.map(([name, value]) => {
    // nginx reads `$` in a value as a variable.
    if (value.includes('$')) throw new Error(`${name}: a value with $ cannot be copied to nginx`)
    return `      add_header ${name} "${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}" always;`
  })
}

export interface NoScriptLimit {
  base: string
  stop(): Promise<void>
}

/** nginx on a free port answering `paths` without scripts and proxying the rest to `ours`. */
export async function startNoScriptLimit(
  ours: string,
  paths: string[],
  only?: SingleScript,
  headers: LimitHeaders = 'none',
): Promise<NoScriptLimit> {
  if (!nginxPath) throw new Error('nginx is not installed (apt-get install nginx)')
  const dir = mkdtempSync(join(tmpdir(), 'portfolio-no-script-'))
  const locations: string[] = []
  for (const [index, path] of paths.entries()) {
    const response = await fetch(`${ours}${path}`)
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`)
    const text = await response.text()
    const html =
      only === 'inlineloader' ? await withLoaderInline(ours, text) : withoutScripts(text, only)
    const file = `page-${index}.html.br`
    writeFileSync(
      join(dir, file),
      brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    )
    const location = new URL(path, ours).pathname
    locations.push(`    location = ${location} {
      types { }
      default_type "text/html; charset=utf-8";
      add_header Content-Encoding br always;
      add_header Cache-Control "no-cache" always;
${headerLines(response.headers, headers).join('\n')}
      try_files /${file} =404;
    }`)
  }
  const port = freePort()
  const conf = join(dir, 'nginx.conf')
  locations.push(`    location / {
      proxy_pass ${ours};
      proxy_http_version 1.1;
    }`)
  writeFileSync(conf, nginxConfig({ dir, port, locations }))
  const nginx = Bun.spawn([nginxPath, '-c', conf, '-p', dir], {
    stdout: 'ignore',
    stderr: 'inherit',
  })
  const base = `http://127.0.0.1:${port}`
  await firstOk(`${base}${new URL(paths[0] ?? '/', ours).pathname}`)
  return {
    base,
    async stop() {
      nginx.kill()
      await nginx.exited
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
