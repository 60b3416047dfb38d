/** The owner's test email, limited for the whole site as the alerts' test is. */
import { humanDuration, InvalidInputError, RateLimitedError, UnavailableError } from '../../errors'
import type { ServiceContext } from '../context'
import { takeSlot } from '../fixed-window'
import { newsletterRoute } from './mailer'
import { sendTestEmail } from './sending'

export const testEmailLimit = { max: 5, windowMs: 15 * 60_000 } as const

export async function newsletterTest(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'now' | 'siteUrl' | 'log'>,
): Promise<{ to: string }> {
  const siteUrl = ctx.siteUrl ?? 'http://localhost'
  if (!(await newsletterRoute(ctx.db, ctx.config, siteUrl))) {
    throw new InvalidInputError(
      'No mail server is set: set NEWSLETTER_SMTP_URL or SMTP_URL, or save one in Settings → Notifications.',
    )
  }
  const wait = await takeSlot(
    ctx.db,
    'newsletter-test',
    testEmailLimit.max,
    testEmailLimit.windowMs,
    ctx.now(),
  )
  if (wait > 0) {
    throw new RateLimitedError(
      `Too many test emails: at most ${testEmailLimit.max} in ${humanDuration(testEmailLimit.windowMs / 1000)}. Try again in ${humanDuration(wait)}.`,
      wait,
    )
  }
  try {
    return await sendTestEmail({
      db: ctx.db,
      config: ctx.config,
      siteUrl,
      now: ctx.now,
      log: ctx.log,
    })
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    throw new UnavailableError(`The mail server did not take the test email: ${message}`, {
      cause: error,
    })
  }
}
