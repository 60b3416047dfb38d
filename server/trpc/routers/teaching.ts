import { z } from 'zod'
import { idInput } from '../../../src/schemas/id-input'
import { orderInput } from '../../../src/schemas/order'
import { teachingInput, teachingSchema, teachingUpdateInput } from '../../../src/schemas/teaching'
import {
  createTeaching,
  deleteTeaching,
  getTeaching,
  listTeaching,
  reorderTeaching,
  updateTeaching,
} from '../../services/teaching'
import { adminProcedure, publicOrAdminProcedure, router } from '../init'

export const teachingRouter = router({
  /** In the owner's order; drafts for the signed-in admin. */
  list: publicOrAdminProcedure
    .meta({ rest: { method: 'GET', path: '/api/teaching' }, cache: 'public-unless-signed-in' })
    .output(z.array(teachingSchema))
    .query(({ ctx }) => listTeaching(ctx.db, ctx.admin !== null)),
  byId: adminProcedure
    .input(idInput)
    .output(teachingSchema)
    .query(({ ctx, input }) => getTeaching(ctx.db, input.id)),
  create: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/teaching', status: 201 } })
    .input(teachingInput)
    .output(teachingSchema)
    .mutation(({ ctx, input }) => createTeaching(ctx.db, input, ctx.now())),
  update: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/teaching/:id' } })
    .input(teachingUpdateInput)
    .output(teachingSchema)
    .mutation(({ ctx, input: { id, ...data } }) => updateTeaching(ctx.db, id, data, ctx.now())),
  /** Every course's id once, in the new order. */
  reorder: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/teaching/order', status: 204 } })
    .input(orderInput)
    .mutation(({ ctx, input }) => reorderTeaching(ctx.db, input.ids)),
  delete: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/teaching/:id', status: 204 } })
    .input(idInput)
    .mutation(({ ctx, input }) => deleteTeaching(ctx.db, input.id)),
})
