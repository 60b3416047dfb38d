import { z } from 'zod'
import {
  activityPubSettingsInput,
  activityPubSettingsSchema,
  deliveryStatusSchema,
  followerIdInput,
  followerSchema,
} from '../../../src/schemas/activitypub'
import {
  approveFollower,
  blockFollower,
  deliveryStatus,
  listFollowers,
  readActivityPubSettings,
  removeFollower,
  saveActivityPubSettings,
} from '../../services/activitypub'
import { adminProcedure, router } from '../init'

/** Settings → Fediverse: the site as an ActivityPub account (docs/activitypub.md). */
export const activityPubRouter = router({
  settings: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/activitypub/settings' } })
    .output(activityPubSettingsSchema)
    .query(({ ctx }) => readActivityPubSettings(ctx)),
  saveSettings: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/activitypub/settings' } })
    .input(activityPubSettingsInput)
    .output(activityPubSettingsSchema)
    .mutation(({ ctx, input }) => saveActivityPubSettings(ctx, input)),
  followers: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/activitypub/followers' } })
    .output(z.array(followerSchema))
    .query(({ ctx }) => listFollowers(ctx)),
  approveFollower: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/activitypub/followers/:id/approve' } })
    .input(followerIdInput)
    .output(z.array(followerSchema))
    .mutation(({ ctx, input }) => approveFollower(ctx, input.id)),
  removeFollower: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/activitypub/followers/:id' } })
    .input(followerIdInput)
    .output(z.array(followerSchema))
    .mutation(({ ctx, input }) => removeFollower(ctx, input.id)),
  blockFollower: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/activitypub/followers/:id/block' } })
    .input(followerIdInput)
    .output(z.array(followerSchema))
    .mutation(({ ctx, input }) => blockFollower(ctx, input.id)),
  deliveries: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/activitypub/deliveries' } })
    .output(z.array(deliveryStatusSchema))
    .query(({ ctx }) => deliveryStatus(ctx)),
})
