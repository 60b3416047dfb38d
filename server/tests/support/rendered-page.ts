/**
 * A rendered page as a crawler reads it, for the server-rendering tests: a
 * stub client build (its manifests and stylesheet: all the renderer reads of
 * it), and a page's head (title, meta tags, links, JSON-LD), text and inline
 * scripts read back from the HTML.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isRecord } from './harness'

/** A client build as the server sees it: only its manifest matters to the renderer. */
export const viteManifest = {
  'index.html': {
    file: 'assets/index-e1.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_vendor-v1.js'],
    css: ['assets/index-c1.css'],
  },
  '_vendor-v1.js': { file: 'assets/vendor-v1.js' },
  '_icons-i1.js': { file: 'assets/icons-i1.js', imports: ['_vendor-v1.js'] },
  'routes/projects/$slug.tsx?tsr-split=component': {
    file: 'assets/slug-s1.js',
    imports: ['_vendor-v1.js', '_icons-i1.js', 'index.html'],
  },
  // An admin route: its loader split from the route file, its screen in its `.lazy.tsx` file.
  'routes/admin/index.tsx?tsr-split=component---loader': { file: 'assets/admin-a1.js' },
  'routes/admin/index.lazy.tsx': {
    file: 'assets/admin-lazy-a2.js',
    src: 'routes/admin/index.lazy.tsx',
    imports: ['_vendor-v1.js', '_admin-shared-a3.js', 'index.html'],
  },
  '_admin-shared-a3.js': { file: 'assets/admin-shared-a3.js', imports: ['_vendor-v1.js'] },
}

/** The islands build (vite.islands.config.ts) as the server sees it: its loader. */
export const islandsManifest = {
  'islands/loader.ts': { file: 'assets/islands-l1.js', src: 'islands/loader.ts', isEntry: true },
  'islands/contact-form.tsx': { file: 'assets/island-contact-form-f1.js', isDynamicEntry: true },
}

/** The entry's stylesheet in the stub build: small, so it is written into each page. */
export const stubCss = '.intro{color:#0f172a}'

export function stubDist(): string {
  const dir = join(tmpdir(), `portfolio-ssr-dist-${process.pid}`)
  mkdirSync(join(dir, '.vite'), { recursive: true })
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(viteManifest))
  writeFileSync(join(dir, '.vite', 'islands.json'), JSON.stringify(islandsManifest))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>dev shell</title>')
  mkdirSync(join(dir, 'assets'), { recursive: true })
  writeFileSync(join(dir, 'assets', 'index-c1.css'), stubCss)
  return dir
}

export function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) =>
      String.fromCodePoint(Number.parseInt(hex, 16)),
    )
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

export function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {}
  for (const [, name = '', value = ''] of tag.matchAll(/([\w:-]+)="([^"]*)"/g)) {
    attributes[name.toLowerCase()] = decodeEntities(value)
  }
  return attributes
}

/** What a crawler reads from a page. */
export function readPage(html: string) {
  const head = /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? ''
  const meta = new Map<string, string>()
  for (const [tag] of head.matchAll(/<meta\b[^>]*>/g)) {
    const attributes = attributesOf(tag)
    const key = attributes.name ?? attributes.property
    if (key && attributes.content !== undefined) meta.set(key, attributes.content)
  }
  const links = [...head.matchAll(/<link\b[^>]*>/g)].map(([tag]) => attributesOf(tag))
  const jsonLd = [
    ...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
  ].map(([, json = '']) => JSON.parse(json) as unknown)
  const body = /<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? ''
  const text = decodeEntities(
    body
      .replace(/<script\b[\s\S]*?<\/script>/g, ' ')
      // React's text separators, not text.
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' '),
  )
  return {
    title: decodeEntities(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? ''),
    meta,
    links,
    canonical: links.filter((link) => link.rel === 'canonical').map((link) => link.href),
    jsonLd,
    text,
    /** Every inline <script> the browser would run. */
    inlineScripts: [
      ...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*ld\+json)[^>]*>([\s\S]*?)<\/script>/g),
    ]
      .map(([, source = '']) => source)
      .filter(Boolean),
  }
}

export function jsonLdOfType(
  page: ReturnType<typeof readPage>,
  type: string,
): Record<string, unknown> {
  const found = page.jsonLd.find((item) => isRecord(item) && item['@type'] === type)
  if (!isRecord(found)) throw new Error(`no ${type} JSON-LD in the page`)
  return found
}
