import { profileSchema } from '../../../src/schemas/profile'
import { getProfile } from '../../services/profile'
import { publicProcedure, router } from '../init'

export const profileRouter = router({
  get: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/profile' }, cache: 'public' })
    .output(profileSchema)
    .query(({ ctx }) => getProfile(ctx.db, ctx.now())),
})
