/**
 * The admin Analytics and Share links screens' pure parts: the day ranges,
 * the chart's summary sentence, device names, the pages a share link can
 * lead to, absolute link addresses and the CSV file's name. No React, so
 * tests read them directly.
 */

/** The ranges the Analytics screen offers (`?days=`); the API takes any 1–366. */
export const dayRanges = [7, 30, 90] as const
export type DayRange = (typeof dayRanges)[number]
export const defaultDays: DayRange = 30

/** `?days=7` → 7; anything else (absent, 365) → the default. */
export function parseDays(days: number | undefined): DayRange {
  return dayRanges.find((range) => range === days) ?? defaultDays
}

export interface DailyCount {
  date: string
  views: number
  visitors: number
}

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
})
const longDayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})

/** `2026-11-03` (a UTC day) → `3 Nov`. */
export function shortDay(date: string): string {
  return dayFormat.format(new Date(`${date}T00:00:00Z`))
}

/** `2026-11-03` → `Tue, 3 Nov 2026`. */
export function longDay(date: string): string {
  return longDayFormat.format(new Date(`${date}T00:00:00Z`))
}

/** `2026-11-03` → Unix seconds at that UTC midnight (the chart's x axis). */
export function dayToSeconds(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / 1000
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`
}

/**
 * What the chart shows, in one sentence for screen readers (the table under
 * the chart has every day): totals and the busiest day.
 */
export function chartSummary(daily: readonly DailyCount[], days: number): string {
  const views = daily.reduce((sum, day) => sum + day.views, 0)
  if (views === 0) return `No page views in the last ${days} days.`
  const busiest = daily.reduce((best, day) => (day.views > best.views ? day : best))
  const first = daily[0]
  const last = daily[daily.length - 1]
  const span = first && last ? ` from ${longDay(first.date)} to ${longDay(last.date)}` : ''
  return `Page views and visitors per day${span}: ${plural(views, 'view')} in all; the busiest day was ${longDay(busiest.date)} with ${plural(busiest.views, 'view')} and ${plural(busiest.visitors, 'visitor')}.`
}

const deviceNames: Record<string, string> = {
  desktop: 'Desktop',
  mobile: 'Mobile',
  tablet: 'Tablet',
  other: 'Other',
  unknown: 'Unknown',
}

/** `mobile` → `Mobile`; a class the screen does not know yet is shown as the server names it. */
export function deviceName(device: string): string {
  return deviceNames[device] ?? device
}

/** A referrer's host, or what an empty one means. */
export function referrerName(host: string): string {
  return host.trim() ? host : 'Direct or unknown'
}

/** `12` of `48` → `25%`, for the share columns. */
export function percentOf(part: number, total: number): string {
  if (total <= 0) return '0%'
  return `${Math.round((part / total) * 100)}%`
}

export interface TargetOption {
  label: string
  path: string
}

/**
 * The pages a share link can lead to, for the form's select: the site's
 * fixed pages and each published project, by title.
 */
export function targetOptions(
  projects: readonly { title: string; slug: string; is_published: boolean }[],
): TargetOption[] {
  return [
    { label: 'Home', path: '/' },
    { label: 'Projects', path: '/projects' },
    ...projects
      .filter((project) => project.is_published)
      .map((project) => ({
        label: `Project: ${project.title}`,
        path: `/projects/${encodeURIComponent(project.slug)}`,
      })),
    { label: 'CV', path: '/cv' },
    { label: 'Contact', path: '/contact-me' },
  ]
}

/** A link's address as the owner sends it: the site's public address and the link's path. */
export function absoluteLink(siteUrl: string, url: string): string {
  if (/^https?:\/\//i.test(url)) return url
  return `${siteUrl.replace(/\/+$/, '')}${url.startsWith('/') ? '' : '/'}${url}`
}

/**
 * The CSV file's name: the server's (its Content-Disposition), else one
 * like it, `analytics-2026-11-22-30d.csv` (the day it was taken, UTC, and the range).
 */
export function csvFileName(days: number, disposition: string | null, now = new Date()): string {
  const named = /filename="([^"/\\]+)"/.exec(disposition ?? '')?.[1]
  return named ?? `analytics-${now.toISOString().slice(0, 10)}-${days}d.csv`
}
