import { z } from 'zod'
import {
  timelineEventSchema,
  timelineIdInput,
  timelineInput,
  timelineUpdateInput,
} from '../../../src/schemas/timeline'
import {
  createEvent,
  deleteEvent,
  getEvent,
  listEvents,
  updateEvent,
} from '../../services/timeline'
import { adminProcedure, publicProcedure, router } from '../init'

export const timelineRouter = router({
  list: publicProcedure.output(z.array(timelineEventSchema)).query(({ ctx }) => listEvents(ctx.db)),
  byId: publicProcedure
    .input(timelineIdInput)
    .output(timelineEventSchema)
    .query(({ ctx, input }) => getEvent(ctx.db, input.id)),
  create: adminProcedure
    .input(timelineInput)
    .output(timelineEventSchema)
    .mutation(({ ctx, input }) => createEvent(ctx.db, input)),
  update: adminProcedure
    .input(timelineUpdateInput)
    .output(timelineEventSchema)
    .mutation(({ ctx, input: { id, ...data } }) => updateEvent(ctx.db, id, data)),
  delete: adminProcedure
    .input(timelineIdInput)
    .mutation(({ ctx, input }) => deleteEvent(ctx.db, input.id)),
})
