import { z } from 'zod'

/** More items than anyone keeps in a portfolio, so a request cannot make the server sort millions. */
const MAX_ORDERED = 10_000

const orderedId = z
  .number({ error: 'Each id must be a number.' })
  .int('Each id must be a whole number.')
  .positive('Each id must be a positive number.')
  .max(2_147_483_647, 'An id is out of range.')

/**
 * A new order (`PUT /api/projects/order`, `PUT /api/timeline/order`): every
 * id, once, first to last. Whether the ids are exactly the stored ones is
 * the service's check (it needs the database).
 */
export const orderInput = z.object({
  ids: z
    .array(orderedId, {
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? 'ids is required: every id, in the new order.'
          : 'ids must be a list of ids.',
    })
    .max(MAX_ORDERED, `ids can hold at most ${MAX_ORDERED} ids.`)
    .superRefine((ids, ctx) => {
      const seen = new Set<number>()
      const repeated = new Set<number>()
      for (const id of ids) (seen.has(id) ? repeated : seen).add(id)
      if (repeated.size > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `Each id must appear once; repeated: ${[...repeated].slice(0, 10).join(', ')}.`,
        })
      }
    }),
})
export type OrderInput = z.infer<typeof orderInput>
