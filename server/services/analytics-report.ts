import { and, between, desc, eq, ne, sql } from 'drizzle-orm'
import type { AnalyticsSummary } from '../../src/schemas/analytics'
import type { Db } from '../db/client'
import { analyticsViews, analyticsVisitors, shareLinks } from '../db/schema'
import { utcDay } from './analytics'

const DAY_MS = 86_400_000

/** The last `days` UTC days up to `today`, oldest first. */
export function daysUpTo(today: Date, days: number): string[] {
  const end = Date.parse(`${utcDay(today)}T00:00:00Z`)
  return Array.from({ length: days }, (_, i) => utcDay(new Date(end - (days - 1 - i) * DAY_MS)))
}

/** How many rows each top list holds. */
const TOP = 50

/**
 * `GET /api/analytics?days=N`: the last N UTC days, today included. Visitors
 * are unique per day (the salt changes at midnight, so no one can be
 * followed from one day to the next): a range's visitors are the sum of its
 * days'. A share link's views and visitors are those of the range; its
 * `last_seen` is its last view ever.
 */
export async function analyticsSummary(db: Db, now: Date, days: number): Promise<AnalyticsSummary> {
  const range = daysUpTo(now, days)
  const from = range[0] ?? utcDay(now)
  const to = range[range.length - 1] ?? utcDay(now)
  const inRange = between(analyticsViews.day, from, to)
  const views = sql<string>`sum(${analyticsViews.views})`

  const [daily, dailyVisitors, pages, referrers, devices, links, linkViews, linkVisitors] =
    await Promise.all([
      db
        .select({ day: analyticsViews.day, views })
        .from(analyticsViews)
        .where(inRange)
        .groupBy(analyticsViews.day),
      db
        .select({ day: analyticsVisitors.day, visitors: sql<string>`count(*)` })
        .from(analyticsVisitors)
        .where(
          and(eq(analyticsVisitors.share_link_id, 0), between(analyticsVisitors.day, from, to)),
        )
        .groupBy(analyticsVisitors.day),
      db
        .select({ key: analyticsViews.path, views })
        .from(analyticsViews)
        .where(inRange)
        .groupBy(analyticsViews.path)
        .orderBy(desc(views), analyticsViews.path)
        .limit(TOP),
      db
        .select({ key: analyticsViews.referrer_host, views })
        .from(analyticsViews)
        .where(and(inRange, ne(analyticsViews.referrer_host, '')))
        .groupBy(analyticsViews.referrer_host)
        .orderBy(desc(views), analyticsViews.referrer_host)
        .limit(TOP),
      db
        .select({ key: analyticsViews.device, views })
        .from(analyticsViews)
        .where(inRange)
        .groupBy(analyticsViews.device)
        .orderBy(desc(views), analyticsViews.device),
      db
        .select({ id: shareLinks.id, name: shareLinks.name, last_seen_at: shareLinks.last_seen_at })
        .from(shareLinks)
        .orderBy(desc(shareLinks.created_at), desc(shareLinks.id)),
      db
        .select({ id: analyticsViews.share_link_id, views })
        .from(analyticsViews)
        .where(and(inRange, ne(analyticsViews.share_link_id, 0)))
        .groupBy(analyticsViews.share_link_id),
      db
        .select({ id: analyticsVisitors.share_link_id, visitors: sql<string>`count(*)` })
        .from(analyticsVisitors)
        .where(
          and(ne(analyticsVisitors.share_link_id, 0), between(analyticsVisitors.day, from, to)),
        )
        .groupBy(analyticsVisitors.share_link_id),
    ])

  const viewsOn = new Map(daily.map((row) => [row.day, Number(row.views)]))
  const visitorsOn = new Map(dailyVisitors.map((row) => [row.day, Number(row.visitors)]))
  const days_ = range.map((date) => ({
    date,
    views: viewsOn.get(date) ?? 0,
    visitors: visitorsOn.get(date) ?? 0,
  }))
  const linkViewsOf = new Map(linkViews.map((row) => [row.id, Number(row.views)]))
  const linkVisitorsOf = new Map(linkVisitors.map((row) => [row.id, Number(row.visitors)]))
  return {
    totals: {
      views: days_.reduce((sum, day) => sum + day.views, 0),
      visitors: days_.reduce((sum, day) => sum + day.visitors, 0),
    },
    daily: days_,
    pages: pages.map((row) => ({ path: row.key, views: Number(row.views) })),
    referrers: referrers.map((row) => ({ host: row.key, views: Number(row.views) })),
    devices: devices.map((row) => ({ device: row.key, views: Number(row.views) })),
    share_links: links
      .map((link) => ({
        id: link.id,
        name: link.name,
        views: linkViewsOf.get(link.id) ?? 0,
        visitors: linkVisitorsOf.get(link.id) ?? 0,
        last_seen: link.last_seen_at?.toISOString() ?? null,
      }))
      .sort((a, b) => b.views - a.views),
  }
}
