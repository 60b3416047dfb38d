import { expect, test } from 'bun:test'
import { fromZonedInput, timeZoneChoices, toZonedInput } from './zoned-time'

test('a wall time is read in the zone named, not the machine’s', () => {
  expect(fromZonedInput('2026-11-26T09:30', 'Europe/Berlin')).toBe('2026-11-26T08:30:00.000Z')
  expect(fromZonedInput('2026-07-01T09:30', 'Europe/Berlin')).toBe('2026-07-01T07:30:00.000Z')
  expect(fromZonedInput('2026-11-26T09:30', 'Asia/Tokyo')).toBe('2026-11-26T00:30:00.000Z')
  expect(fromZonedInput('2026-11-26T09:30', 'UTC')).toBe('2026-11-26T09:30:00.000Z')
  expect(fromZonedInput('2026-03-01T09:30', 'America/New_York')).toBe('2026-03-01T14:30:00.000Z')
})

test('an instant is shown as the wall time of the zone', () => {
  expect(toZonedInput('2026-11-26T08:30:00.000Z', 'Europe/Berlin')).toBe('2026-11-26T09:30')
  expect(toZonedInput('2026-11-26T00:30:00.000Z', 'Asia/Tokyo')).toBe('2026-11-26T09:30')
  expect(toZonedInput('2026-11-26T23:30:00.000Z', 'Asia/Tokyo')).toBe('2026-11-27T08:30')
  expect(toZonedInput(null, 'UTC')).toBe('')
})

test('blank is null; what is not a date and time goes on for the schema to refuse', () => {
  expect(fromZonedInput('  ', 'UTC')).toBeNull()
  expect(fromZonedInput('tomorrow', 'UTC')).toBe('tomorrow')
})

test('the picker lists UTC first and always holds the current zone', () => {
  const choices = timeZoneChoices('Europe/Berlin')
  expect(choices[0]).toBe('UTC')
  expect(choices).toContain('Europe/Berlin')
  expect(new Set(choices).size).toBe(choices.length)
})
