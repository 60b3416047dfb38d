import { idSchema } from './fields'
import { z } from './zod'

/** Versions kept per project and for the profile; the oldest goes when a save makes one more. */
export const REVISIONS_KEPT = 50

/** One field a save changed, both sides as text a person reads ("" for none). */
export const revisionChangeSchema = z.object({
  field: z.string(),
  before: z.string(),
  after: z.string(),
})

/**
 * A save that changed something: when, the columns it changed, and what
 * they held before it and after it. Restoring it brings back the version
 * from before that save.
 */
export const revisionSchema = z.object({
  id: z.number().int(),
  saved_at: z.string(),
  changed: z.array(z.string()),
  changes: z.array(revisionChangeSchema),
})
export type Revision = z.infer<typeof revisionSchema>

export const projectRevisionInput = z.object({
  id: idSchema,
  rev: idSchema,
  /**
   * True: the revision's published state comes back too (a draft can go
   * public). Absent or false: the project stays as published as it is now.
   */
  restore_published: z
    .boolean({ error: 'Restore published must be true or false.' })
    .nullish()
    .transform((value) => value ?? false),
})
export const profileRevisionInput = z.object({ rev: idSchema })
