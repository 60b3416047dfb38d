import { expect, test } from 'bun:test'
import { canonicalPath } from '../../http/pages/canonical-path'

test.each([
  ['/PROJECTS', '/projects'],
  ['/pRoJeCtS', '/projects'],
  ['//projects', '/projects'],
  ['/%70rojects', '/projects'],
  ['/CONTACT-ME', '/contact-me'],
  ['/projects//acme-app', '/projects/acme-app'],
  ['/Projects/Acme-App', '/projects/acme-app'],
  ['/%2e', '/.'],
  ['//assets/Index-AbC.js', '/assets/Index-AbC.js'],
  ['/caf%C3%A9X', '/caf%C3%A9x'],
])('%s is %s', (path, canonical) => {
  expect(canonicalPath(path)).toBe(canonical)
})

test.each([
  '/',
  '/projects',
  '/contact-me',
  '/projects/acme-app',
  '/assets/Index-AbC.js',
  '/a%2Fb',
  '/caf%C3%A9',
])('%s is canonical', (path) => {
  expect(canonicalPath(path)).toBeNull()
})
