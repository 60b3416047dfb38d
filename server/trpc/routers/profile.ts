import { profileInput, profileSchema } from '../../../src/schemas/profile'
import { getProfile, updateProfile } from '../../services/profile'
import { adminProcedure, publicOrAdminProcedure, router } from '../init'

export const profileRouter = router({
  /** Everyone's; a hidden age's birth year only for the signed-in admin (the form edits it). */
  get: publicOrAdminProcedure
    .meta({ rest: { method: 'GET', path: '/api/profile' }, cache: 'public-unless-signed-in' })
    .output(profileSchema)
    .query(({ ctx }) => getProfile(ctx.db, ctx.now(), { owner: ctx.admin !== null })),
  update: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/profile' } })
    .input(profileInput)
    .output(profileSchema)
    .mutation(({ ctx, input }) => updateProfile(ctx.db, input, ctx.now())),
})
