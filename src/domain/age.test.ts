import { expect, test } from 'bun:test'
import { ageFromBirthYear } from './age'

test('age is the current year minus the birth year', () => {
  expect(ageFromBirthYear(2003, new Date(2025, 5, 15))).toBe(22)
  expect(ageFromBirthYear(2000, new Date(2000, 0, 1))).toBe(0)
})

test('the day of the year does not matter (the spec subtracts years only)', () => {
  expect(ageFromBirthYear(2004, new Date(2026, 0, 1, 0, 0, 1))).toBe(22)
  expect(ageFromBirthYear(2004, new Date(2026, 11, 31, 23, 59, 59))).toBe(22)
})

test('defaults to today', () => {
  expect(ageFromBirthYear(1990)).toBe(new Date().getFullYear() - 1990)
})
