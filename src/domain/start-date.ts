import { isoDateOfText } from './json-resume'

/**
 * A timeline event's free-text start date as a sortable ISO prefix ("2023-09",
 * "2022"), or null when it cannot be read. The start of a range counts:
 * "Jan 2025 – Present" is "2025-01". A year alone sorts before its months.
 */
export function startDateKey(text: string): string | null {
  const start = text.trim().split(/\s+(?:–|—|-|to|until)\s+/i)[0] ?? ''
  return isoDateOfText(start.replace(/[,]+$/, ''))
}

/**
 * Where a new event goes in a list shown newest first: before the first
 * event that started earlier; last when none did; first when its own date
 * cannot be read (as every new event did before). Events whose dates cannot
 * be read are passed over, so the owner's manual order is never changed.
 */
export function placeByStartDate(existing: readonly string[], startDate: string): number {
  const key = startDateKey(startDate)
  if (key === null) return 0
  const index = existing.findIndex((other) => {
    const otherKey = startDateKey(other)
    return otherKey !== null && otherKey < key
  })
  return index === -1 ? existing.length : index
}
