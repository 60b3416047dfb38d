import { screenSeoUpdateInput, screensSeoSchema } from '../../../src/schemas/seo'
import { timeZoneInput, timeZoneSchema } from '../../../src/schemas/time-zone'
import { readScreensSeo, saveScreenSeo } from '../../services/screen-seo'
import { getTimeZone, setTimeZone } from '../../services/time-zone'
import { adminProcedure, publicProcedure, router } from '../init'

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
  /** What the fixed screens say to search engines and link previews (their heads carry it). */
  seo: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/settings/seo' }, cache: 'public' })
    .output(screensSeoSchema)
    .query(({ ctx }) => readScreensSeo(ctx.db)),
  /** Saves one screen's; its page shows it on the next load. */
  setSeo: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/settings/seo/:screen' } })
    .input(screenSeoUpdateInput)
    .output(screensSeoSchema)
    .mutation(({ ctx, input: { screen, ...values } }) =>
      saveScreenSeo(ctx.db, screen, values, ctx.now()),
    ),
})
