/**
 * An owner's page lives at `/{slug}` and must never shadow a fixed path:
 * every first segment the server's route table (server/http/routes.ts), the
 * client's route files (client/routes/) and the built files answer is in
 * src/domain/reserved-paths.ts, which the pages service refuses. A new
 * fixed route fails this test until its address is added there.
 */
import { describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { isReservedPath, reservedPaths } from '../../../src/domain/reserved-paths'
import { slugify } from '../../../src/domain/slug'
import { feedFiles } from '../../http/surfaces/feeds'

const root = resolve(import.meta.dir, '../../..')

/** The first segment of a path, or null when it is a parameter, a wildcard or the root. */
function firstSegment(path: string): string | null {
  const segment = path.replace(/^\//, '').split('/')[0] ?? ''
  if (segment === '' || segment.startsWith(':') || segment.startsWith('$') || segment === '*') {
    return null
  }
  return segment
}

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
  )
}

describe('the site’s own addresses', () => {
  test('every path of the server’s route table is reserved', () => {
    const source = readFileSync(join(root, 'server/http/routes.ts'), 'utf8')
    const paths = [
      ...[...source.matchAll(/path: '([^']+)'/g)].map((match) => match[1] ?? ''),
      ...feedFiles.map((feed) => feed.path),
    ]
    expect(paths.length).toBeGreaterThan(15)
    const segments = paths.map(firstSegment).filter((segment) => segment !== null)
    expect(segments.filter((segment) => !isReservedPath(segment))).toEqual([])
  })

  test('every client route’s first segment is reserved; /$slug is the only top-level parameter', () => {
    const routes = join(root, 'client/routes')
    const segments = files(routes)
      .map((file) => relative(routes, file).replace(/\.tsx?$/, ''))
      .filter((file) => !file.startsWith('__root'))
      .map((file) => file.split(/[/.]/)[0] ?? '')
      .filter((segment) => segment !== 'index' && segment !== 'route')
    const parameters = [...new Set(segments.filter((segment) => segment.startsWith('$')))]
    expect(parameters).toEqual(['$slug'])
    const fixed = [...new Set(segments.filter((segment) => !segment.startsWith('$')))]
    expect(fixed.length).toBeGreaterThan(5)
    expect(fixed.filter((segment) => !isReservedPath(segment))).toEqual([])
  })

  test('the built files (the public folder, the assets folder) are reserved', () => {
    const names = readdirSync(join(root, 'client/public'))
    const vite = readFileSync(join(root, 'vite.config.ts'), 'utf8')
    const assets = /assetsDir: '([^']+)'/.exec(vite)?.[1]
    expect(assets).toBeDefined()
    expect([...names, assets ?? ''].filter((name) => !isReservedPath(name))).toEqual([])
  })

  test('a reserved address is found in any case; a page’s own is not', () => {
    expect(isReservedPath('Projects')).toBe(true)
    expect(isReservedPath('uses')).toBe(false)
    expect(isReservedPath('projects-2')).toBe(false)
    // Each word-only one is what a title gives: a page titled "Contact me" is refused too.
    expect(slugify('Contact me')).toBe('contact-me')
    expect(new Set(reservedPaths).size).toBe(reservedPaths.length)
  })
})
