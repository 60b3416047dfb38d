import { z } from 'zod'
import { profileSchema, profileUpdateInput } from '../../../src/schemas/profile'
import { profileRevisionInput, revisionSchema } from '../../../src/schemas/revisions'
import {
  getProfile,
  profileRevisions,
  restoreProfileRevision,
  updateProfile,
} from '../../services/profile'
import { adminProcedure, publicOrAdminProcedure, router } from '../init'

export const profileRouter = router({
  /** Everyone's; a hidden age's birth year only for the signed-in admin (the form edits it). */
  get: publicOrAdminProcedure
    .meta({ rest: { method: 'GET', path: '/api/profile' }, cache: 'public-unless-signed-in' })
    .output(profileSchema)
    .query(({ ctx }) => getProfile(ctx.db, ctx.now(), { owner: ctx.admin !== null })),
  update: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/profile', versioned: true } })
    .input(profileUpdateInput)
    .output(profileSchema)
    .mutation(({ ctx, input: { version, ...data } }) =>
      updateProfile(ctx.db, data, ctx.now(), version),
    ),
  /** The saves that changed something, newest first, each with its changes. */
  revisions: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/profile/revisions' } })
    .output(z.array(revisionSchema))
    .query(({ ctx }) => profileRevisions(ctx.db)),
  /** Brings back the version kept by a revision; the restore is itself a revision. */
  restoreRevision: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/profile/revisions/:rev/restore' } })
    .input(profileRevisionInput)
    .output(profileSchema)
    .mutation(({ ctx, input }) => restoreProfileRevision(ctx.db, input.rev, ctx.now())),
})
