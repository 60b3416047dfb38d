/** Talks (`/talks`): title, event, date, place or online, type, abstract and links. */
import { idSchema, limits, nullableUrl, optionalText, requiredText, timestamps } from './fields'
import { z } from './zod'

export const talkTypes = ['talk', 'poster', 'invited', 'keynote'] as const
export type TalkType = (typeof talkTypes)[number]
export const talkTypeLabels: Record<TalkType, string> = {
  talk: 'Talk',
  poster: 'Poster',
  invited: 'Invited talk',
  keynote: 'Keynote',
}
export const talkStatuses = ['draft', 'published'] as const

export const talkInput = z.object({
  title: requiredText('Title', limits.title),
  event: optionalText('Event', limits.shortText),
  date: requiredText('Date', 10).refine(
    (value) =>
      /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(value) &&
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)),
    'Date must be YYYY-MM-DD.',
  ),
  place: optionalText('Place', limits.shortText),
  online: z
    .boolean({ error: 'Online must be true or false.' })
    .nullish()
    .transform((value) => value ?? false),
  type: z
    .enum(talkTypes, { error: `Type must be one of: ${talkTypes.join(', ')}.` })
    .nullish()
    .transform((value) => value ?? 'talk'),
  abstract: optionalText('Abstract', limits.longText, { multiline: true }),
  slides_url: nullableUrl('Slides'),
  video_url: nullableUrl('Video'),
  recording_url: nullableUrl('Recording'),
  status: z.enum(talkStatuses, { error: 'Status must be "draft" or "published".' }),
})
export type TalkData = z.output<typeof talkInput>
export const talkUpdateInput = talkInput.extend({ id: idSchema })

export const talkSchema = z.object({
  id: z.number(),
  title: z.string(),
  event: z.string(),
  date: z.string(),
  place: z.string(),
  online: z.boolean(),
  type: z.enum(talkTypes),
  abstract: z.string(),
  abstract_html: z.string(),
  slides_url: z.string().nullable(),
  video_url: z.string().nullable(),
  recording_url: z.string().nullable(),
  status: z.enum(talkStatuses),
  ...timestamps,
})
export type Talk = z.infer<typeof talkSchema>
