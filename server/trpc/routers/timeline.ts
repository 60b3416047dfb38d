import { z } from 'zod'
import { idInput } from '../../../src/schemas/id-input'
import { orderInput } from '../../../src/schemas/order'
import {
  timelineEventSchema,
  timelineInput,
  timelineUpdateInput,
} from '../../../src/schemas/timeline'
import {
  createEvent,
  deleteEvent,
  getEvent,
  listEvents,
  reorderEvents,
  updateEvent,
} from '../../services/timeline'
import { adminProcedure, publicProcedure, router } from '../init'

export const timelineRouter = router({
  list: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/timeline' }, cache: 'public' })
    .output(z.array(timelineEventSchema))
    .query(({ ctx }) => listEvents(ctx.db)),
  /**
   * The same shared answer for everyone, signed in or not (a token never
   * skips the cache here): its ETag is the cache's, so a save sends the
   * body's `version` (or If-Match `"<version>"` built from it).
   */
  byId: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/timeline/:id' }, cache: 'public' })
    .input(idInput)
    .output(timelineEventSchema)
    .query(({ ctx, input }) => getEvent(ctx.db, input.id)),
  create: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/timeline', status: 201 } })
    .input(timelineInput)
    .output(timelineEventSchema)
    .mutation(({ ctx, input }) => createEvent(ctx.db, input)),
  update: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/timeline/:id', versioned: true } })
    .input(timelineUpdateInput)
    .output(timelineEventSchema)
    .mutation(({ ctx, input: { id, version, ...data } }) => updateEvent(ctx.db, id, data, version)),
  /** Every event's id once, in the new order; a literal path, so it wins over `:id`. */
  reorder: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/timeline/order', status: 204 } })
    .input(orderInput)
    .mutation(({ ctx, input }) => reorderEvents(ctx.db, input.ids)),
  delete: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/timeline/:id', status: 204 } })
    .input(idInput)
    .mutation(({ ctx, input }) => deleteEvent(ctx.db, input.id)),
})
