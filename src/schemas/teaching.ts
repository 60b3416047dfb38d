/** Teaching (`/teaching`): a course, its institution, the owner's role, its terms, a description. */
import { idSchema, limits, optionalText, requiredText, stringList, timestamps } from './fields'
import { z } from './zod'

export const teachingStatuses = ['draft', 'published'] as const

export const teachingInput = z.object({
  course: requiredText('Course', limits.title),
  institution: optionalText('Institution', limits.title),
  role: optionalText('Role', limits.title),
  /** `Fall 2025`, `2024–2025`: as the owner writes them. */
  terms: stringList('Terms', limits.date),
  description: optionalText('Description', limits.longText, { multiline: true }),
  status: z.enum(teachingStatuses, { error: 'Status must be "draft" or "published".' }),
})
export type TeachingData = z.output<typeof teachingInput>
export const teachingUpdateInput = teachingInput.extend({ id: idSchema })

export const teachingSchema = z.object({
  id: z.number(),
  course: z.string(),
  institution: z.string(),
  role: z.string(),
  terms: z.array(z.string()),
  description: z.string(),
  description_html: z.string(),
  status: z.enum(teachingStatuses),
  sort_order: z.number(),
  ...timestamps,
})
export type Teaching = z.infer<typeof teachingSchema>
