/**
 * The admin home: a few figures that say what wants the owner's attention
 * (unread messages, last week's views, drafts) and, on a new site, the
 * "Get started" checklist. Every step is read from the data and the
 * configuration, so it ticks itself as the owner works through the screens;
 * the only facts kept for it alone are in `admin_home` (a backup taken, the
 * checklist put away).
 */
import { and, count, eq, gte, isNotNull, sql } from 'drizzle-orm'
import { missingOwnerDetails } from '../../src/domain/owner-placeholders'
import type { ChecklistStep, Overview } from '../../src/schemas/overview'
import type { Db } from '../db/client'
import {
  adminHome,
  analyticsViews,
  messages,
  notes,
  profile,
  projects,
  twoFactor,
} from '../db/schema'
import { placeholderPhotoUrl } from '../env'
import { alertChannels } from './alerts'
import { utcDay } from './analytics'
import { daysUpTo } from './analytics-report'
import type { ServiceContext } from './context'
import { alertSettingsInEffect } from './notification-settings'

type OverviewContext = Pick<ServiceContext, 'db' | 'config' | 'now' | 'siteUrl' | 'flushAnalytics'>

/** Days the views figure covers, today included. */
export const OVERVIEW_DAYS = 7

/**
 * Whether the public address was configured: without SITE_URL the server
 * names itself `http://localhost:PORT`, and links, feeds and previews made
 * with a loopback address reach no one.
 */
export function isPublicSiteUrl(siteUrl: string | undefined): boolean {
  if (!siteUrl) return false
  let host: string
  try {
    host = new URL(siteUrl).hostname.toLowerCase()
  } catch {
    return false
  }
  return !(
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.startsWith('127.') ||
    host === '[::1]' ||
    host === '0.0.0.0'
  )
}

async function countOf(query: Promise<{ value: number }[]>): Promise<number> {
  const [row] = await query
  return Number(row?.value ?? 0)
}

export async function adminOverview(ctx: OverviewContext, userId: number): Promise<Overview> {
  // What this instance counted and has not written yet belongs in the figure.
  await ctx.flushAnalytics?.()
  const { db } = ctx
  const since = daysUpTo(ctx.now(), OVERVIEW_DAYS)[0] ?? utcDay(ctx.now())
  const [unread, views, draftProjects, draftNotes, published, owner, secondFactor, home] =
    await Promise.all([
      countOf(db.select({ value: count() }).from(messages).where(eq(messages.status, 'unread'))),
      db
        .select({ value: sql<string>`coalesce(sum(${analyticsViews.views}), 0)` })
        .from(analyticsViews)
        .where(gte(analyticsViews.day, since)),
      countOf(db.select({ value: count() }).from(projects).where(eq(projects.is_published, false))),
      countOf(db.select({ value: count() }).from(notes).where(eq(notes.status, 'draft'))),
      countOf(db.select({ value: count() }).from(projects).where(eq(projects.is_published, true))),
      db
        .select({
          name: profile.name,
          email: profile.email,
          university: profile.university,
          linkedin_url: profile.linkedin_url,
          github_url: profile.github_url,
          bio: profile.bio,
          photo_url: profile.photo_url,
        })
        .from(profile)
        .where(eq(profile.id, 1)),
      countOf(
        db
          .select({ value: count() })
          .from(twoFactor)
          .where(and(eq(twoFactor.user_id, userId), isNotNull(twoFactor.enabled_at))),
      ),
      db.select().from(adminHome).where(eq(adminHome.id, 1)),
    ])
  const me = owner[0]
  // Their own name and address instead of the placeholders, and a few words about them.
  const missing = me ? missingOwnerDetails(me) : []
  const done: Record<ChecklistStep, boolean> = {
    profile: Boolean(me) && missing.length === 0,
    photo: Boolean(me && me.photo_url !== '' && me.photo_url !== placeholderPhotoUrl),
    project: published > 0,
    site_url: isPublicSiteUrl(ctx.siteUrl),
    two_factor: secondFactor > 0,
    alerts: alertChannels(await alertSettingsInEffect(ctx.db, ctx.config, ctx.siteUrl)).length > 0,
    backup: Boolean(home[0]?.backup_downloaded_at),
  }
  const steps = (Object.keys(done) as ChecklistStep[]).map((step) =>
    step === 'profile' ? { step, done: done[step], missing } : { step, done: done[step] },
  )
  return {
    unread_messages: unread,
    views_7_days: Number(views[0]?.value ?? 0),
    drafts: { projects: draftProjects, notes: draftNotes },
    checklist: {
      steps,
      complete: steps.every((item) => item.done),
      dismissed: Boolean(home[0]?.checklist_dismissed_at),
    },
  }
}

/**
 * A backup left the server (the admin's download, `bun run backup`): the
 * checklist's last step. Called by each way out once the document is read.
 */
export async function recordBackupDownload(db: Db, now: Date): Promise<void> {
  await db
    .insert(adminHome)
    .values({ id: 1, backup_downloaded_at: now })
    .onConflictDoUpdate({ target: adminHome.id, set: { backup_downloaded_at: now } })
}

/** The owner put the checklist away (on every browser), or brought it back. */
export async function setChecklistHidden(db: Db, hidden: boolean, now: Date): Promise<void> {
  const dismissedAt = hidden ? now : null
  await db
    .insert(adminHome)
    .values({ id: 1, checklist_dismissed_at: dismissedAt })
    .onConflictDoUpdate({ target: adminHome.id, set: { checklist_dismissed_at: dismissedAt } })
}
