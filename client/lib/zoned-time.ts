import { TZDateMini } from '@date-fns/tz'

/*
 * A `datetime-local` control holds a wall time without a zone. The admin
 * shows and takes times in the owner's chosen zone (not the browser's), so
 * the conversion names the zone; the instant sent is what the server stores.
 */

const pad = (n: number) => String(n).padStart(2, '0')

/** An instant (ISO) as a `datetime-local` value in `zone` (`2026-11-26T09:30`); null: blank. */
export function toZonedInput(iso: string | null, zone: string): string {
  if (!iso) return ''
  const date = new TZDateMini(new Date(iso).getTime(), zone)
  if (Number.isNaN(date.getTime())) return ''
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/**
 * A `datetime-local` value read as a wall time in `zone`, as an ISO instant
 * (UTC); blank: null. A value that is not a date and time goes on as typed,
 * for the schema to refuse with its message.
 */
export function fromZonedInput(value: string, zone: string): string | null {
  if (!value.trim()) return null
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim())
  if (!match) return value
  const [, year, month, day, hour, minute, second] = match.map(Number) as number[]
  const date = new TZDateMini(
    year as number,
    (month as number) - 1,
    day as number,
    hour as number,
    minute as number,
    Number.isNaN(second) ? 0 : (second as number),
    zone,
  )
  return Number.isNaN(date.getTime()) ? value : new Date(date.getTime()).toISOString()
}

/** The browser's own zone: the owner's until they choose one. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

/** Every zone this browser knows, for the picker, with `current` in it whatever it is. */
export function timeZoneChoices(current: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  const all = new Set(['UTC', ...known, current])
  return [...all].sort((a, b) => (a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b)))
}
