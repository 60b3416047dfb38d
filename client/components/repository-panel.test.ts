import { expect, test } from 'bun:test'
import { languageColor, timeAgo } from './repository-panel'

test('the last push reads in whole units, as GitHub writes it', () => {
  const now = new Date('2026-11-26T12:00:00Z')
  expect(timeAgo('2026-11-23T12:00:00Z', now)).toBe('3 days ago')
  expect(timeAgo('2026-11-25T11:00:00Z', now)).toBe('yesterday')
  expect(timeAgo('2025-03-14T09:26:53Z', now)).toBe('last year')
  expect(timeAgo('2026-11-26T11:59:30Z', now)).toBe('just now')
})

test('known languages have their GitHub colour; others a steady one of their own', () => {
  expect(languageColor('TypeScript')).toBe('#3178c6')
  expect(languageColor('Brainfuck')).toBe(languageColor('Brainfuck'))
  expect(languageColor('Brainfuck')).toMatch(/^hsl\(\d+ 55% 50%\)$/)
})
