import { notificationStatusSchema } from '../../../src/schemas/message'
import {
  notificationSettingsInput,
  notificationSettingsSchema,
} from '../../../src/schemas/notifications'
import { notificationStatus, sendTestAlert } from '../../services/alerts'
import {
  readNotificationSettings,
  saveNotificationSettings,
} from '../../services/notification-settings'
import { adminProcedure, router } from '../init'

export const notificationsRouter = router({
  status: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/notifications' } })
    .output(notificationStatusSchema)
    .query(({ ctx }) => notificationStatus(ctx)),
  /** Queues a test alert on every configured channel, tries it at once and answers the outcome. */
  test: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/notifications/test' } })
    .output(notificationStatusSchema)
    .mutation(({ ctx }) => sendTestAlert(ctx)),
  /** The mail server, sender, recipient and webhook saved in the admin; never a secret's value. */
  settings: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/notifications/settings' } })
    .output(notificationSettingsSchema)
    .query(({ ctx }) => readNotificationSettings(ctx)),
  /** Saves them: in effect at once, on every instance (the environment's channels still win). */
  saveSettings: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/notifications/settings' } })
    .input(notificationSettingsInput)
    .output(notificationSettingsSchema)
    .mutation(({ ctx, input }) => saveNotificationSettings(ctx, input)),
})
