import { eventTypes } from './timeline'
import { z } from './zod'

/**
 * `POST /api/import/json-resume` (and `/preview`): the body is the JSON
 * Resume document itself, checked on the server against the JSON Resume
 * schema (reasons in the 400's sentence).
 */
export const jsonResumeInput = z.record(z.string(), z.unknown(), {
  error: 'Send a JSON Resume document: a JSON object.',
})

export const importResultSchema = z.object({
  /** What the import created (a preview: would create), in the document's order. */
  created: z.object({
    timeline: z.array(
      z.object({
        title: z.string(),
        position: z.string(),
        start_date: z.string(),
        end_date: z.string().nullable(),
        event_type: z.enum(eventTypes),
      }),
    ),
    projects: z.array(z.object({ title: z.string(), description: z.string() })),
  }),
  /** Profile fields that were empty and are filled from the document's `basics`. */
  profile: z.array(z.string()),
  /** Entries left out: already stored, or missing what the site needs (a name, a start date). */
  skipped: z.array(
    z.object({
      section: z.enum(['work', 'education', 'projects']),
      title: z.string(),
      reason: z.string(),
    }),
  ),
  /** True for a preview: nothing was written. */
  dry_run: z.boolean(),
})
export type ImportResult = z.infer<typeof importResultSchema>
