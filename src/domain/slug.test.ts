import { describe, expect, test } from 'bun:test'
import { slugCandidate, slugify } from './slug'

describe('slugify', () => {
  test.each([
    ['Hello World', 'hello-world'],
    ['Hello,   World!', 'hello-world'],
    ['  leading and trailing  ', 'leading-and-trailing'],
    ['tabs\tand\nnewlines\r\nmixed \t here', 'tabs-and-newlines-mixed-here'],
    ['already-hyphenated title', 'already-hyphenated-title'],
    ['snake_case_kept', 'snake_case_kept'],
    ['C++ & Rust: a (tiny) compiler?', 'c--rust-a-tiny-compiler'],
    ['Version 2.0', 'version-20'],
    ["Ada's Portfolio", 'adas-portfolio'],
    ['MiXeD CaSe', 'mixed-case'],
    ['123 numbers 456', '123-numbers-456'],
    ['a - b', 'a---b'],
    ['Café Déjà Vu', 'cafe-deja-vu'],
    ['Café Finder', 'cafe-finder'],
    ['Straße', 'strasse'],
    ['Łódź Æsir Ørsted', 'lodz-aesir-orsted'],
    ['Cafe\u0301 decomposed', 'cafe-decomposed'],
    ['ﬁnance ＡＰＩ', 'finance-api'],
    ['Привет мир', 'привет-мир'],
    ['交通追踪器', '交通追踪器'],
    ['हिन्दी ब्लॉग', 'हिन्दी-ब्लॉग'],
    ['emoji 🚀 launch', 'emoji--launch'],
  ])('%p → %p', (title, slug) => {
    expect(slugify(title)).toBe(slug)
  })

  test('a title with no word characters falls back to "project"', () => {
    expect(slugify('')).toBe('project')
    expect(slugify('   ')).toBe('project')
    expect(slugify('!!!')).toBe('project')
    expect(slugify('🚀✨')).toBe('project')
  })

  test('only letters, digits, underscores and hyphens ever come out', () => {
    for (const title of [
      'a/b\\c?d#e%f',
      '<script>alert(1)</script>',
      'x"y\'z`',
      '../../etc',
      '交/通?#%',
    ]) {
      expect(slugify(title)).toMatch(/^[\p{L}\p{M}\p{Nd}_-]+$/u)
    }
    expect(slugify('<script>alert(1)</script>')).toBe('scriptalert1script')
    expect(slugify('../../etc')).toBe('etc')
  })

  test('is idempotent', () => {
    for (const title of ['Hello,   World!', 'snake_case_kept', 'C++ & Rust', 'Café 交通']) {
      expect(slugify(slugify(title))).toBe(slugify(title))
    }
  })
})

describe('slugCandidate', () => {
  test('the first attempt is the base itself', () => {
    expect(slugCandidate('hello-world', 1)).toBe('hello-world')
    expect(slugCandidate('hello-world', 0)).toBe('hello-world')
  })

  test('later attempts append -n', () => {
    expect(slugCandidate('hello-world', 2)).toBe('hello-world-2')
    expect(slugCandidate('hello-world', 3)).toBe('hello-world-3')
    expect(slugCandidate('project', 10)).toBe('project-10')
  })
})
