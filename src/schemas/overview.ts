import { ownerDetails } from '../domain/owner-placeholders'
import { z } from './zod'

/**
 * The steps of the admin home's "Get started" checklist, in the order it
 * shows them. Each is read from the data (server/services/admin-overview.ts),
 * never ticked by hand.
 */
export const checklistSteps = [
  'profile',
  'photo',
  'project',
  'site_url',
  'two_factor',
  'alerts',
  'backup',
] as const
export type ChecklistStep = (typeof checklistSteps)[number]

/** `GET /api/overview`: the admin home's figures and the checklist's state. */
export const overviewSchema = z.object({
  /** Messages not opened yet (spam and archived ones aside). */
  unread_messages: z.number().int(),
  /** Page views counted in the last 7 UTC days, today included. */
  views_7_days: z.number().int(),
  /** Work not shown to visitors: projects not published, notes still drafts. */
  drafts: z.object({ projects: z.number().int(), notes: z.number().int() }),
  checklist: z.object({
    steps: z.array(
      z.object({
        step: z.enum(checklistSteps),
        done: z.boolean(),
        /** The profile step: what the owner has not given yet (empty when done; absent for the others). */
        missing: z.array(z.enum(ownerDetails)).optional(),
      }),
    ),
    /** Every step done: the checklist hides itself. */
    complete: z.boolean(),
    /** The owner put it away before finishing (`POST /api/overview/checklist/dismiss`). */
    dismissed: z.boolean(),
  }),
})
export type Overview = z.infer<typeof overviewSchema>

/** `PUT /api/overview/checklist`: put the checklist away, or bring it back. */
export const checklistVisibilityInput = z.object({
  hidden: z.boolean({ error: 'hidden must be true or false.' }),
})
