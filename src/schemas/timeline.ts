import {
  expectedVersion,
  idSchema,
  limits,
  nullableText,
  nullableUrl,
  optionalText,
  requiredText,
  stringList,
  timestamps,
  versionSchema,
} from './fields'
import { imageInfoSchema } from './media'
import { z } from './zod'

export const eventTypes = ['experience', 'education'] as const
export type EventType = (typeof eventTypes)[number]

export const timelineInput = z.object({
  title: requiredText('Title', limits.title),
  start_date: requiredText('Start date', limits.date),
  end_date: nullableText('End date', limits.date),
  position: optionalText('Position', limits.title),
  icon_path: nullableUrl('Icon URL'),
  description: stringList('Description', limits.bullet),
  event_type: z
    .enum(eventTypes, { error: 'Type must be experience or education.' })
    .nullish()
    .transform((value) => value ?? 'experience'),
})
export type TimelineInput = z.input<typeof timelineInput>
export type TimelineData = z.output<typeof timelineInput>

export const timelineUpdateInput = timelineInput.extend({ id: idSchema, version: expectedVersion })

export const timelineEventSchema = z.object({
  id: z.number(),
  title: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  position: z.string(),
  icon_path: z.string().nullable(),
  /** The icon's info when icon_path is an upload, else null. */
  icon: imageInfoSchema.nullable(),
  description: z.array(z.string()),
  /** Each bullet rendered from inline Markdown on the server, sanitised. */
  description_html: z.array(z.string()),
  event_type: z.enum(eventTypes),
  version: versionSchema,
  ...timestamps,
})
export type TimelineEvent = z.infer<typeof timelineEventSchema>
