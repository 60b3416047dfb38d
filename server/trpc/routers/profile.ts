import { profileSchema } from '../../../src/schemas/profile'
import { getProfile } from '../../services/profile'
import { publicProcedure, router } from '../init'

export const profileRouter = router({
  get: publicProcedure.output(profileSchema).query(({ ctx }) => getProfile(ctx.db, ctx.now())),
})
