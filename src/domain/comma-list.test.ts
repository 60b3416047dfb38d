import { describe, expect, test } from 'bun:test'
import { joinCommaList, splitCommaList } from './comma-list'

describe('splitCommaList', () => {
  test('splits on commas and trims each item', () => {
    expect(splitCommaList('React, Node.js ,SQL')).toEqual(['React', 'Node.js', 'SQL'])
    expect(splitCommaList('  one  ')).toEqual(['one'])
  })

  test('drops empty items', () => {
    expect(splitCommaList('')).toEqual([])
    expect(splitCommaList('   ')).toEqual([])
    expect(splitCommaList(',')).toEqual([])
    expect(splitCommaList('a,,b, ,c,')).toEqual(['a', 'b', 'c'])
  })

  test('keeps inner spaces and other punctuation', () => {
    expect(splitCommaList('Built the API; shipped it, Led a team of 3')).toEqual([
      'Built the API; shipped it',
      'Led a team of 3',
    ])
  })

  test('trims tabs and newlines around items', () => {
    expect(splitCommaList('a\t,\nb\n')).toEqual(['a', 'b'])
  })

  test('URLs split cleanly', () => {
    expect(splitCommaList('https://a.example/1.png, /img/2.png')).toEqual([
      'https://a.example/1.png',
      '/img/2.png',
    ])
  })
})

describe('joinCommaList', () => {
  test('joins with a comma and a space', () => {
    expect(joinCommaList(['React', 'Node.js', 'SQL'])).toBe('React, Node.js, SQL')
    expect(joinCommaList(['solo'])).toBe('solo')
    expect(joinCommaList([])).toBe('')
  })

  test('split(join(items)) gives the items back when no item holds a comma', () => {
    const items = ['TypeScript', 'Bun', 'PostgreSQL 15']
    expect(splitCommaList(joinCommaList(items))).toEqual(items)
  })
})
