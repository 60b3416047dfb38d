import { expect, test } from 'bun:test'
import { isPublicSitePath, normalSitePath } from './site-path'

test.each([
  '/',
  '/projects',
  '/projects/acme-app',
  '/contact-me',
  '/projects?tag=rust',
  '/#about',
  '/administrator-notes',
  '/reports',
])('%s is a public page of the site', (path) => {
  expect(isPublicSitePath(path)).toBe(true)
})

test.each([
  '',
  'projects',
  'https://evil.example/',
  'http://evil.example',
  '//evil.example/',
  '/\\evil.example',
  'javascript:alert(1)',
  ' /projects',
  '/a b',
  '/a\tb',
  '/a\nb',
  '/admin',
  '/admin/analytics',
  '/ADMIN',
  '/login',
  '/login?next=/admin',
  '/setup?token=abc',
  '/api/projects',
  '/trpc/projects.list',
  '/internal/backup',
  '/r/abcdefghij',
])('%j is refused', (path) => {
  expect(isPublicSitePath(path)).toBe(false)
})

test.each([
  '/.//evil.example',
  '/a/..//x',
  '/..//x',
  '/%2e%2e//x',
  '/projects/../..//x',
  '/%2F%2Fevil.example',
  '/projects/..%2f..//x',
  '/projects/%5cevil',
  '/projects/../admin',
  '/%61dmin',
  '/./login',
])('%j resolves off the site or into a private area: refused', (path) => {
  expect(normalSitePath(path)).toBeNull()
})

test.each([
  ['/projects/./x/../', '/projects/'],
  ['/projects', '/projects'],
  ['/?tab=x#about', '/?tab=x#about'],
  ['/projects/%2e', '/projects/'],
])('%j is stored as %j', (path, normal) => {
  expect(normalSitePath(path)).toBe(normal)
})
