import { notificationStatusSchema } from '../../../src/schemas/message'
import { notificationStatus, sendTestAlert } from '../../services/alerts'
import { adminProcedure, router } from '../init'

export const notificationsRouter = router({
  status: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/notifications' } })
    .output(notificationStatusSchema)
    .query(({ ctx }) => notificationStatus(ctx.db, ctx.config.alerts)),
  /** Queues a test alert on every configured channel, tries it at once and answers the outcome. */
  test: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/notifications/test' } })
    .output(notificationStatusSchema)
    .mutation(({ ctx }) => sendTestAlert(ctx)),
})
