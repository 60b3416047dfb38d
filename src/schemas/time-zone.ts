import { z } from './zod'

/**
 * An IANA time zone name (`Europe/Berlin`, `America/Argentina/Buenos_Aires`,
 * `UTC`), in the form the engine's `Intl` knows it by. Offsets (`+01:00`)
 * and abbreviations (`CET`) are not names of a place and follow no daylight
 * saving: refused.
 */
const zoneShape = /^(?:UTC|[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+)$/

/** The canonical name of a time zone `Intl` accepts, or null. */
export function canonicalTimeZone(value: string): string | null {
  if (!zoneShape.test(value)) return null
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone
  } catch {
    return null
  }
}

/** The zone used until the owner chooses one. */
export const DEFAULT_TIME_ZONE = 'UTC'

const zoneMessage = 'Time zone must be an IANA time zone name, like Europe/Berlin.'

/** `PUT /api/settings/time-zone`. */
export const timeZoneInput = z.object({
  time_zone: z
    .string({ error: zoneMessage })
    .trim()
    .max(64, zoneMessage)
    .transform((value, context) => {
      const zone = canonicalTimeZone(value)
      if (zone === null) {
        context.addIssue({ code: 'custom', message: zoneMessage })
        return z.NEVER
      }
      return zone
    }),
})
export type TimeZoneInput = z.input<typeof timeZoneInput>

/** `GET /api/settings/time-zone`: the owner's zone; `chosen` false while it is the default. */
export const timeZoneSchema = z.object({
  time_zone: z.string(),
  chosen: z.boolean(),
})
export type TimeZoneSetting = z.infer<typeof timeZoneSchema>
