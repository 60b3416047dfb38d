import { existsSync, type Stats, statSync } from 'node:fs'
import { join, normalize, resolve, sep } from 'node:path'
import { type Encoding, isCompressible, preferredEncoding } from '../infra/compress'
import { matchesIfNoneMatch } from '../infra/conditional'
import { documentHeaders, isPrivatePath } from '../infra/headers'

/** The file name suffix of each precompressed variant (server/build/precompress.ts). */
const suffixes: Record<Encoding, string> = { br: '.br', gzip: '.gz' }

/**
 * Serves the built client from dist/: hashed files under /assets/ are cached
 * for a year, everything else revalidates (ETag from size and mtime). Text
 * files are sent precompressed (the build writes `.br` and `.gz` beside
 * them) when Accept-Encoding allows. Page paths are not files: the server
 * renders them (server/http/pages/ssr.ts), or, when rendering is off, they get the
 * app shell so that the client router shows the page (or its 404).
 */
export function createStaticHandler(
  distDir: string,
  /** SHA-256 hashes of the inline scripts the app shell holds (the theme's head script). */
  shellScriptHashes: readonly string[] = [],
) {
  const root = resolve(distDir)
  const shellPath = join(root, 'index.html')
  /** Which precompressed variants exist, per file and mtime (a rebuild replaces files). */
  const variants = new Map<string, { mtimeMs: number; present: Set<Encoding> }>()

  function fileFor(pathname: string): { path: string; stats: Stats } | null {
    let decoded: string
    try {
      decoded = decodeURIComponent(pathname)
    } catch {
      return null
    }
    if (decoded.includes('\0')) return null
    const relative = normalize(`/${decoded}`)
    // Build metadata (.vite/manifest.json) and the database template
    // (.pglite/, server/db/template.ts) are for the server, not the public.
    if (/^[\\/]\.(?:vite|pglite)(?:[\\/]|$)/.test(relative)) return null
    const candidate = resolve(root, `.${relative}`)
    if (candidate !== root && !candidate.startsWith(root + sep)) return null
    try {
      const stats = statSync(candidate)
      return stats.isFile() ? { path: candidate, stats } : null
    } catch {
      return null
    }
  }

  function precompressed(path: string, stats: Stats): Set<Encoding> {
    const known = variants.get(path)
    if (known && known.mtimeMs === stats.mtimeMs) return known.present
    const present = new Set<Encoding>()
    for (const encoding of ['br', 'gzip'] as const) {
      try {
        if (statSync(path + suffixes[encoding]).mtimeMs >= stats.mtimeMs) present.add(encoding)
      } catch {
        // no such variant
      }
    }
    variants.set(path, { mtimeMs: stats.mtimeMs, present })
    return present
  }

  /** A built file (or 304), a 404 for a missing asset, or null: the path is a page. */
  function file(pathname: string, request?: Request): Response | null {
    const found = pathname === '/' || pathname === '/index.html' ? null : fileFor(pathname)
    if (found) {
      const immutable = pathname.startsWith('/assets/')
      const source = Bun.file(found.path)
      const headers: Record<string, string> = {
        'content-type': source.type,
        'cache-control': immutable
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=0, must-revalidate',
        etag: `W/"${found.stats.size.toString(36)}-${Math.floor(found.stats.mtimeMs).toString(36)}"`,
      }
      const compressible = isCompressible(source.type)
      if (compressible) headers.vary = 'Accept-Encoding'
      if (matchesIfNoneMatch(request?.headers.get('if-none-match') ?? null, headers.etag ?? '')) {
        return new Response(null, { status: 304, headers })
      }
      const encoding = compressible
        ? preferredEncoding(request?.headers.get('accept-encoding') ?? null)
        : null
      if (encoding && precompressed(found.path, found.stats).has(encoding)) {
        headers['content-encoding'] = encoding
        return new Response(Bun.file(found.path + suffixes[encoding]), { headers })
      }
      return new Response(source, { headers })
    }
    if (pathname.startsWith('/assets/')) {
      return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } })
    }
    return null
  }

  /** The client-rendered app shell (dist/index.html), for any page path. */
  function shell(pathname: string): Response {
    if (!existsSync(shellPath)) {
      return new Response('The client has not been built yet: run `bun run build`.', {
        status: 503,
        headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
      })
    }
    return new Response(Bun.file(shellPath), {
      headers: {
        ...documentHeaders(shellScriptHashes),
        'content-type': 'text/html; charset=utf-8',
        'cache-control': isPrivatePath(pathname) ? 'no-store' : 'no-cache',
      },
    })
  }

  return { file, shell }
}
