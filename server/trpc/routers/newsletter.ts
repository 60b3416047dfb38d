import { z } from 'zod'
import {
  newsletterModeInput,
  newsletterOverviewSchema,
  newsletterResultSchema,
  newsletterTokenInput,
  subscribeAnswerSchema,
  subscribeInput,
  subscriberExportSchema,
  subscriberIdInput,
  subscriberImportInput,
  subscriberImportResultSchema,
} from '../../../src/schemas/newsletter'
import { newsletterTest } from '../../services/newsletter/owner'
import {
  confirmSubscription,
  eraseSubscriber,
  exportSubscribers,
  importSubscribers,
  newsletterOverview,
  setNewsletterMode,
  subscribe,
  unsubscribe,
} from '../../services/newsletter/subscribers'
import { adminProcedure, publicProcedure, router } from '../init'

/** Notes by email (docs/newsletter.md): the public double opt-in and one-click way out, the owner's list. */
export const newsletterRouter = router({
  /** The same answer whatever the address's state; a confirmation email goes out when one is due. */
  subscribe: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/newsletter/subscribe' } })
    .input(subscribeInput)
    .output(subscribeAnswerSchema)
    .mutation(({ ctx, input }) => subscribe(ctx, input)),
  confirm: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/newsletter/confirm' } })
    .input(newsletterTokenInput)
    .output(newsletterResultSchema)
    .mutation(({ ctx, input }) => confirmSubscription(ctx, input.token)),
  unsubscribe: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/newsletter/unsubscribe' } })
    .input(newsletterTokenInput)
    .output(newsletterResultSchema)
    .mutation(({ ctx, input }) => unsubscribe(ctx, input.token)),
  overview: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/newsletter' } })
    .output(newsletterOverviewSchema)
    .query(({ ctx }) => newsletterOverview(ctx)),
  setMode: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/newsletter/settings' } })
    .input(newsletterModeInput)
    .output(newsletterModeInput)
    .mutation(({ ctx, input }) => setNewsletterMode(ctx, input.mode)),
  /** Erasure: the address and all kept about it, for good. */
  erase: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/newsletter/subscribers/:id', status: 204 } })
    .input(subscriberIdInput)
    .mutation(({ ctx, input }) => eraseSubscriber(ctx.db, input.id)),
  export: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/newsletter/export' } })
    .output(subscriberExportSchema)
    .query(({ ctx }) => exportSubscribers(ctx)),
  import: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/newsletter/import' } })
    .input(subscriberImportInput)
    .output(subscriberImportResultSchema)
    .mutation(({ ctx, input }) => importSubscribers(ctx, input)),
  /** A note's email as subscribers get it, to the owner, at once. */
  test: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/newsletter/test' } })
    .output(z.object({ to: z.string() }))
    .mutation(({ ctx }) => newsletterTest(ctx)),
})
