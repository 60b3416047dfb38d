import { describe, expect, test } from 'bun:test'
import { placeByStartDate, startDateKey } from './start-date'

describe('startDateKey', () => {
  test('reads the free-text dates owners write', () => {
    expect(startDateKey('Sep 2023')).toBe('2023-09')
    expect(startDateKey('September 2023')).toBe('2023-09')
    expect(startDateKey('2022')).toBe('2022')
    expect(startDateKey('Jan 2025 – Present')).toBe('2025-01')
    expect(startDateKey('2019 - 2021')).toBe('2019')
    expect(startDateKey('03/2020')).toBe('2020-03')
  })

  test('unreadable dates give null', () => {
    expect(startDateKey('Summer term')).toBeNull()
    expect(startDateKey('')).toBeNull()
  })
})

describe('placeByStartDate', () => {
  const list = ['Jan 2025 – Present', 'Sep 2023', 'someday', '2020']
  test('newest first: before the first event that started earlier', () => {
    expect(placeByStartDate(list, 'Mar 2024')).toBe(1)
    expect(placeByStartDate(list, 'Feb 2025')).toBe(0)
    expect(placeByStartDate(list, '2021')).toBe(3)
    expect(placeByStartDate(list, '2001')).toBe(4)
  })

  test('an unreadable date goes first, as before', () => {
    expect(placeByStartDate(list, 'one day')).toBe(0)
    expect(placeByStartDate([], 'Sep 2023')).toBe(0)
  })
})
