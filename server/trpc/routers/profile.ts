import { profileInput, profileSchema } from '../../../src/schemas/profile'
import { getProfile, updateProfile } from '../../services/profile'
import { adminProcedure, publicProcedure, router } from '../init'

export const profileRouter = router({
  get: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/profile' }, cache: 'public' })
    .output(profileSchema)
    .query(({ ctx }) => getProfile(ctx.db, ctx.now())),
  update: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/profile' } })
    .input(profileInput)
    .output(profileSchema)
    .mutation(({ ctx, input }) => updateProfile(ctx.db, input, ctx.now())),
})
