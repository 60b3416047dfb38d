import { expect, test } from 'bun:test'
import { textParams, wholeNumberParams } from './search-params'

test('textParams keeps the named parameters that hold text, as text', () => {
  expect(textParams('tag').parse({ tag: ' React ', other: 'x' })).toEqual({ tag: 'React' })
  expect(textParams('tag').parse({ tag: 2024 })).toEqual({ tag: '2024' })
  expect(textParams('tag').parse({ tag: '  ' })).toEqual({})
})

test('wholeNumberParams keeps the named parameters that hold whole numbers, as numbers', () => {
  const days = wholeNumberParams('days')
  expect(days.names).toEqual(['days'])
  expect(days.parse({ days: 7 })).toEqual({ days: 7 })
  expect(days.parse({ days: '90' })).toEqual({ days: 90 })
  expect(days.parse({ days: 'seven' })).toEqual({})
  expect(days.parse({ days: 7.5 })).toEqual({})
  expect(days.parse({ days: '' })).toEqual({})
  expect(days.parse({ other: 7 })).toEqual({})
})
