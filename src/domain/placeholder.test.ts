import { expect, test } from 'bun:test'
import { isPlaceholder, placeholderBackground } from './placeholder'

test.each([
  'data:image/webp;base64,UklGRkIAAABXRUJQVlA4IDYAAAA=',
  'data:image/png;base64,iVBORw0KGgo=',
])('%s is a placeholder', (value) => {
  expect(isPlaceholder(value)).toBe(true)
  expect(placeholderBackground(value)).toBe(`url("${value}")`)
})

test.each([
  'data:image/webp;base64,AAAA");position:fixed;inset:0;background:url("https://evil.example/ph',
  "data:image/webp;base64,AAAA'),url(https://evil.example/",
  'data:image/svg+xml;base64,PHN2Zz4=',
  'https://evil.example/a.webp',
  'data:image/webp;base64,',
  'data:image/webp;base64,AA AA',
  `data:image/webp;base64,${'A'.repeat(20_000)}`,
  '',
])('%j is not', (value) => {
  expect(isPlaceholder(value)).toBe(false)
  expect(placeholderBackground(value)).toBeUndefined()
})
