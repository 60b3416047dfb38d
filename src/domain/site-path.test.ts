import { expect, test } from 'bun:test'
import { isPublicSitePath } from './site-path'

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
