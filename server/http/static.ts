import { existsSync, statSync } from 'node:fs'
import { join, normalize, resolve, sep } from 'node:path'
import { isPrivatePath } from './headers'

/**
 * Serves the built client from dist/: hashed files under /assets/ are cached
 * for a year, everything else revalidates. Page paths are not files: the
 * server renders them (server/http/ssr.ts), or, when rendering is off, they
 * get the app shell so that the client router shows the page (or its 404).
 */
export function createStaticHandler(distDir: string) {
  const root = resolve(distDir)
  const shellPath = join(root, 'index.html')

  function fileFor(pathname: string): string | null {
    let decoded: string
    try {
      decoded = decodeURIComponent(pathname)
    } catch {
      return null
    }
    if (decoded.includes('\0')) return null
    const relative = normalize(`/${decoded}`)
    // Build metadata (.vite/manifest.json) is for the server, not the public.
    if (/^[\\/]\.vite(?:[\\/]|$)/.test(relative)) return null
    const candidate = resolve(root, `.${relative}`)
    if (candidate !== root && !candidate.startsWith(root + sep)) return null
    try {
      return statSync(candidate).isFile() ? candidate : null
    } catch {
      return null
    }
  }

  /** A built file, a 404 for a missing asset, or null: the path is a page. */
  function file(pathname: string): Response | null {
    const found = pathname === '/' || pathname === '/index.html' ? null : fileFor(pathname)
    if (found) {
      const immutable = pathname.startsWith('/assets/')
      return new Response(Bun.file(found), {
        headers: {
          'cache-control': immutable
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=0, must-revalidate',
        },
      })
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
        'content-type': 'text/html; charset=utf-8',
        'cache-control': isPrivatePath(pathname) ? 'no-store' : 'no-cache',
      },
    })
  }

  return { file, shell }
}
