import { timeZoneInput, timeZoneSchema } from '../../../src/schemas/time-zone'
import { getTimeZone, setTimeZone } from '../../services/time-zone'
import { adminProcedure, router } from '../init'

export const settingsRouter = router({
  /** The owner's time zone for the admin's times; UTC (`chosen: false`) until set. */
  timeZone: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/settings/time-zone' } })
    .output(timeZoneSchema)
    .query(({ ctx }) => getTimeZone(ctx.db)),
  /** Chooses it: an IANA name, checked with Intl and stored in its canonical spelling. */
  setTimeZone: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/settings/time-zone' } })
    .input(timeZoneInput)
    .output(timeZoneSchema)
    .mutation(({ ctx, input }) => setTimeZone(ctx.db, input.time_zone)),
})
