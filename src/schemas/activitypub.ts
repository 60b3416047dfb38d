/**
 * Settings → Fediverse: the site as an ActivityPub account
 * (server/services/activitypub.ts, docs/activitypub.md).
 */
import { idSchema } from './fields'
import { z } from './zod'

export const FEDERATED_TYPES = ['Article', 'Note'] as const

/** A handle's rule: what Mastodon accepts as a username (letters, digits, underscores). */
export const HANDLE_PATTERN = /^[A-Za-z0-9_]{1,30}$/

/** `PUT /api/activitypub/settings`. */
export const activityPubSettingsInput = z.strictObject({
  enabled: z.boolean({ error: 'Federation must be on (true) or off (false).' }),
  handle: z
    .string({ error: 'Handle must be text.' })
    .trim()
    .regex(HANDLE_PATTERN, 'Handle must be 1 to 30 letters, digits or underscores.')
    .nullable(),
  object_type: z.enum(FEDERATED_TYPES, { error: 'Notes federate as Article or Note.' }),
  approve_follows: z.boolean({ error: 'Approve follows must be true or false.' }),
  /** Published projects federate too; absent: as saved (off by default). */
  federate_projects: z.boolean({ error: 'Federate projects must be true or false.' }).optional(),
  /** Turning federation off: also send Delete for the account to every follower's server. */
  delete_account: z.boolean().optional(),
})
export type ActivityPubSettingsInput = z.infer<typeof activityPubSettingsInput>

export const activityPubSettingsSchema = z.object({
  enabled: z.boolean(),
  /** Whether it may be turned on: SITE_URL is a public https address (or the test setting allows it). */
  available: z.boolean(),
  /** Why not, when not. */
  unavailable_reason: z.string().nullable(),
  handle: z.string(),
  /** The handle set in the admin; null: the admin's username. */
  handle_set: z.string().nullable(),
  /** `@handle@host`. */
  account: z.string(),
  actor_url: z.string(),
  object_type: z.enum(FEDERATED_TYPES),
  approve_follows: z.boolean(),
  federate_projects: z.boolean(),
  followers: z.number(),
  pending: z.number(),
})
export type ActivityPubSettings = z.infer<typeof activityPubSettingsSchema>

export const followerSchema = z.object({
  id: z.number(),
  actor_id: z.string(),
  handle: z.string(),
  name: z.string(),
  url: z.string().nullable(),
  icon_url: z.string().nullable(),
  status: z.enum(['pending', 'accepted', 'blocked']),
  created_at: z.string(),
})
export type Follower = z.infer<typeof followerSchema>

export const followerIdInput = z.strictObject({ id: idSchema })

export const deliveryStatusSchema = z.object({
  note_id: z.number().nullable(),
  project_id: z.number().nullable(),
  title: z.string(),
  activity_type: z.string(),
  sent: z.number(),
  pending: z.number(),
  failed: z.number(),
  last_error: z.string().nullable(),
  created_at: z.string(),
})
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>
