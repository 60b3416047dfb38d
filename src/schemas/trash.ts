import { type ContentKindName, contentKindNames } from '../domain/content-kinds'
import { idSchema } from './fields'
import { z } from './zod'

/** What a delete can move to the Trash: every content kind; the `{kind}` of `/api/trash/{kind}/{id}`. */
export const trashKinds = contentKindNames
export type TrashKind = ContentKindName

/** Days an item stays in the Trash before it is removed for good. */
export const TRASH_DAYS = 30

export const trashItemSchema = z.object({
  kind: z.enum(trashKinds),
  id: z.number().int(),
  title: z.string(),
  deleted_at: z.string(),
})
export type TrashItem = z.infer<typeof trashItemSchema>

export const trashItemInput = z.object({
  kind: z.enum(trashKinds, {
    error: `kind must be one of ${trashKinds.join(', ')}`,
  }),
  id: idSchema,
})
