import { normalSitePath } from '../domain/site-path'
import { idSchema, requiredText } from './fields'
import { z } from './zod'

export const shareLinkLimits = { name: 200, targetPath: 500 } as const

/**
 * A page of this site a share link leads to: `/`, `/projects/acme-app`,
 * `/?tab=x`; stored in the form the URL parser resolves it to (`/a/./b/..`
 * is `/a/`), refused when that form leaves the site or enters a private area.
 */
export const targetPathSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? 'Target path is required.'
        : 'Target path must be text.',
  })
  .trim()
  .min(1, 'Target path is required.')
  .max(
    shareLinkLimits.targetPath,
    `Target path must be at most ${shareLinkLimits.targetPath} characters.`,
  )
  .transform((value, context) => {
    const path = normalSitePath(value)
    if (path === null) {
      context.addIssue({
        code: 'custom',
        message:
          'Target path must be a public page of this site, starting with a single / (like /projects).',
      })
      return z.NEVER
    }
    return path
  })

/** `POST /api/share-links`. */
export const shareLinkInput = z.object({
  name: requiredText('Name', shareLinkLimits.name),
  target_path: targetPathSchema,
})
export type ShareLinkInput = z.infer<typeof shareLinkInput>

export const shareLinkIdInput = z.object({ id: idSchema })

/** A link as created: `url` is where to send people (`/r/{code}`, relative to the site). */
export const shareLinkSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  target_path: z.string(),
  url: z.string(),
})
export type ShareLink = z.infer<typeof shareLinkSchema>

export const pageViewsSchema = z.object({ path: z.string(), views: z.number().int() })

/** A link in the admin's list, with what came through it (every day since it was made). */
export const shareLinkStatsSchema = shareLinkSchema.extend({
  created_at: z.string(),
  views: z.number().int(),
  visitors: z.number().int(),
  /** ISO timestamps of the first and last view through the link; null before the first. */
  first_seen: z.string().nullable(),
  last_seen: z.string().nullable(),
  /** The pages viewed through the link, most viewed first. */
  pages: z.array(pageViewsSchema),
})
export type ShareLinkStats = z.infer<typeof shareLinkStatsSchema>

export const analyticsLimits = { minDays: 1, maxDays: 366, defaultDays: 30 } as const

/** `?days=N`: the last N UTC days, today included. */
export const analyticsRangeInput = z.object({
  days: z.coerce
    .number({ error: 'Days must be a number.' })
    .int('Days must be a whole number.')
    .min(
      analyticsLimits.minDays,
      `Days must be from ${analyticsLimits.minDays} to ${analyticsLimits.maxDays}.`,
    )
    .max(
      analyticsLimits.maxDays,
      `Days must be from ${analyticsLimits.minDays} to ${analyticsLimits.maxDays}.`,
    )
    .default(analyticsLimits.defaultDays),
})
export type AnalyticsRange = z.infer<typeof analyticsRangeInput>

/** `GET /api/analytics?days=N`. */
export const analyticsSummarySchema = z.object({
  totals: z.object({ views: z.number().int(), visitors: z.number().int() }),
  /** Every day of the range, oldest first, zeros included: `date` is `YYYY-MM-DD` (UTC). */
  daily: z.array(
    z.object({ date: z.string(), views: z.number().int(), visitors: z.number().int() }),
  ),
  pages: z.array(pageViewsSchema),
  referrers: z.array(z.object({ host: z.string(), views: z.number().int() })),
  devices: z.array(z.object({ device: z.string(), views: z.number().int() })),
  share_links: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      views: z.number().int(),
      visitors: z.number().int(),
      last_seen: z.string().nullable(),
    }),
  ),
})
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>
