import { describe, expect, test } from 'bun:test'
import { joinCommaList, splitCommaList } from './comma-list'
import { splitNameList, splitNames } from './name-list'

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

  test('trims tabs and spaces around items', () => {
    expect(splitCommaList('a\t, \tb ')).toEqual(['a', 'b'])
    expect(splitCommaList('\ta\t\n b \n')).toEqual(['a', 'b'])
  })

  test('URLs split cleanly', () => {
    expect(splitCommaList('https://a.example/1.png, /img/2.png')).toEqual([
      'https://a.example/1.png',
      '/img/2.png',
    ])
  })
})

describe('joinCommaList', () => {
  test('puts each item on its own line', () => {
    expect(joinCommaList(['React', 'Node.js', 'SQL'])).toBe('React\nNode.js\nSQL')
    expect(joinCommaList(['solo'])).toBe('solo')
    expect(joinCommaList([])).toBe('')
  })

  test('split(join(items)) gives the items back when no item holds a comma', () => {
    const items = ['TypeScript', 'Bun', 'PostgreSQL 15']
    expect(splitCommaList(joinCommaList(items))).toEqual(items)
  })
})

describe('lists that keep commas', () => {
  test('once the text has a line break, only line breaks split', () => {
    expect(splitCommaList('Used by 40,000 riders\nBuilt the API, the app and the site')).toEqual([
      'Used by 40,000 riders',
      'Built the API, the app and the site',
    ])
    expect(splitCommaList('a\r\n\r\n  b  \rc')).toEqual(['a', 'b', 'c'])
  })

  test('a single line is still split on commas', () => {
    expect(splitCommaList('a, b, c')).toEqual(['a', 'b', 'c'])
  })

  test('an edited list comes back item for item, commas included', () => {
    const lists = [
      ['Used by 40,000 riders'],
      ['Used by 40,000 riders', 'Led a team of 3'],
      ['React', 'Node.js'],
      ['one'],
      [],
    ]
    for (const items of lists) expect(splitCommaList(joinCommaList(items))).toEqual(items)
  })
})

describe('a comma between two digits is part of a number', () => {
  test('one-line entries with numbers stay whole', () => {
    expect(splitCommaList('Used by 40,000 riders')).toEqual(['Used by 40,000 riders'])
    expect(splitCommaList('1,5 M users')).toEqual(['1,5 M users'])
    expect(splitCommaList('Grew to 1,200,000 users, Led a team of 3')).toEqual([
      'Grew to 1,200,000 users',
      'Led a team of 3',
    ])
  })

  test('other commas still split, with or without spaces', () => {
    expect(splitCommaList('React, Node.js')).toEqual(['React', 'Node.js'])
    expect(splitCommaList('React,Node.js')).toEqual(['React', 'Node.js'])
    expect(splitCommaList('version 2, 3 users')).toEqual(['version 2', '3 users'])
    expect(splitCommaList('a1,b2')).toEqual(['a1', 'b2'])
  })

  test('image URLs with numbers keep their commas', () => {
    expect(splitCommaList('https://cdn.example/w_400,h_300/a.jpg, /media/b.jpg')).toEqual([
      'https://cdn.example/w_400',
      'h_300/a.jpg',
      '/media/b.jpg',
    ])
    expect(splitCommaList('https://img.example/crop/0,0,400,300.jpg, /media/b.jpg')).toEqual([
      'https://img.example/crop/0,0,400,300.jpg',
      '/media/b.jpg',
    ])
  })

  test('a single item with a number needs no trailing line break to come back', () => {
    expect(joinCommaList(['Used by 40,000 riders'])).toBe('Used by 40,000 riders')
    expect(joinCommaList(['Built the API, the app'])).toBe('Built the API, the app\n')
  })
})

describe('lists of names (skills)', () => {
  test('an item holding a separating comma is several names, a comma between digits stays', () => {
    expect(splitNames(['TypeScript', 'Kafka, Docker', 'Used 1,000 nodes'])).toEqual([
      'TypeScript',
      'Kafka',
      'Docker',
      'Used 1,000 nodes',
    ])
    expect(splitNames(['a\nb', ' , '])).toEqual(['a', 'b'])
  })

  test('the text of a skills field: lines, then commas in each line', () => {
    expect(splitNameList('TypeScript\nKafka, Docker')).toEqual(['TypeScript', 'Kafka', 'Docker'])
    expect(splitNameList('Rust, Go')).toEqual(['Rust', 'Go'])
    expect(splitNameList('')).toEqual([])
  })
})
