/**
 * The newsletter's job (docs/newsletter.md): it finds what is to be sent in
 * the database, never from a call in the note's save path, and sends it
 * through a durable outbox.
 *
 * 1. Issues: each live note with "email to subscribers" that no email has
 *    carried yet becomes one (`note:<id>`), or, in weekly mode, each past
 *    week's such notes become a digest (`digest:<week>:<ids>`). The issue
 *    (its words fixed as they were then) and one send row per confirmed
 *    subscriber are written in one transaction, under an advisory lock, and
 *    the key is unique: two instances make it once.
 * 2. Confirmation emails first, then the sends: each row claimed with
 *    `FOR UPDATE SKIP LOCKED` and a lease (`next_attempt_at`), sent, and
 *    marked at once; an instance killed mid-send leaves the row to be taken
 *    again when its lease ends. `NEWSLETTER_RATE` emails a minute at most,
 *    counted in the database for every instance together.
 * 3. A 5xx answer bounces the address (no more emails to it); another
 *    failure is tried again later, doubling the wait, then given up.
 */
import { and, eq, sql } from 'drizzle-orm'
import { type AppConfig, defaultNewsletterSettings, type NewsletterSettings } from '../../config'
import { isLive } from '../../content/note'
import type { Db } from '../../db/client'
import {
  newsletterConfirmations,
  newsletterIssues,
  newsletterSends,
  newsletterSettings,
  newsletterSubscribers,
  notes,
  profile,
} from '../../db/schema'
import type { Job } from '../../jobs/runner'
import type { Logger } from '../../log'
import { alertRecipient } from '../alerts'
import { takeSlot } from '../fixed-window'
import { alertSettingsInEffect } from '../notification-settings'
import {
  confirmationEmail,
  digestEmail,
  type NoteForMail,
  noteEmail,
  personalised,
  type SiteFacts,
} from './compose'
import { unsubscribeToken } from './keys'
import {
  createNewsletterMailer,
  type MailRoute,
  type NewsletterMailer,
  newsletterRoute,
  PermanentMailError,
} from './mailer'

export const NEWSLETTER_JOB = 'newsletter'

/** The advisory lock under which issues are written (one writer at a time). */
const ISSUES_LOCK_KEY = 72_616_041

const RATE_KEY = 'newsletter:rate'
const MINUTE_MS = 60_000

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export async function siteFacts(db: Db, siteUrl: string): Promise<SiteFacts> {
  const [row] = await db
    .select({ name: profile.name, accent: profile.accent_color })
    .from(profile)
    .limit(1)
  return { siteUrl, ownerName: row?.name ?? 'Portfolio', accent: row?.accent ?? '#4f46e5' }
}

/** Monday 00:00 UTC of the week `date` is in. */
export function weekStart(date: Date): Date {
  const day = (date.getUTCDay() + 6) % 7
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - day))
}

/** The ISO week `date` is in: `2026-W49`. */
export function isoWeek(date: Date): string {
  const thursday = new Date(weekStart(date).getTime() + 3 * 86_400_000)
  const year = thursday.getUTCFullYear()
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * 86_400_000)) + 1
  return `${year}-W${String(week).padStart(2, '0')}`
}

interface DueNote extends NoteForMail {
  id: number
  version: number
  wentLiveAt: Date
}

/** Live notes marked for subscribers that no email carried yet, oldest first. */
async function dueNotes(tx: Tx): Promise<DueNote[]> {
  const rows = await tx
    .select({
      id: notes.id,
      slug: notes.slug,
      title: notes.title,
      summary: notes.summary,
      body: notes.body,
      updated_at: notes.updated_at,
      went_live_at: notes.went_live_at,
    })
    .from(notes)
    .where(
      and(
        isLive,
        eq(notes.email_subscribers, true),
        sql`not exists (select 1 from ${newsletterIssues} where ${notes.id} = any(${newsletterIssues.note_ids}))`,
      ),
    )
    .orderBy(notes.went_live_at, notes.id)
    .limit(100)
  return rows.map((row) => ({
    ...row,
    version: row.updated_at.getTime(),
    wentLiveAt: row.went_live_at ?? row.updated_at,
  }))
}

/** Writes an issue and a send row per confirmed subscriber; false when the key was taken. */
async function writeIssue(
  tx: Tx,
  now: Date,
  issue: {
    key: string
    kind: 'note' | 'digest'
    notes: DueNote[]
    subject: string
    html: string
    text: string
  },
): Promise<boolean> {
  const [row] = await tx
    .insert(newsletterIssues)
    .values({
      key: issue.key,
      kind: issue.kind,
      note_ids: issue.notes.map((note) => note.id),
      note_versions: issue.notes.map((note) => note.version),
      subject: issue.subject,
      html: issue.html,
      text: issue.text,
      created_at: now,
    })
    .onConflictDoNothing({ target: newsletterIssues.key })
    .returning({ id: newsletterIssues.id })
  if (!row) return false
  const at = sql`${now.toISOString()}::timestamptz`
  await tx.execute(sql`
    insert into ${newsletterSends} (issue_id, subscriber_id, next_attempt_at, created_at, updated_at)
    select ${row.id}, ${newsletterSubscribers.id}, ${at}, ${at}, ${at}
    from ${newsletterSubscribers} where ${newsletterSubscribers.state} = 'confirmed'
    on conflict do nothing`)
  return true
}

/** Step 1: the issues due now; answers how many were written. */
export async function prepareIssues(db: Db, siteUrl: string, now: Date): Promise<number> {
  const facts = await siteFacts(db, siteUrl)
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ISSUES_LOCK_KEY})`)
    const due = await dueNotes(tx)
    if (due.length === 0) return 0
    const [settings] = await tx.select({ mode: newsletterSettings.mode }).from(newsletterSettings)
    let written = 0
    if ((settings?.mode ?? 'each') === 'each') {
      for (const note of due) {
        const email = noteEmail(facts, note)
        if (
          await writeIssue(tx, now, {
            key: `note:${note.id}`,
            kind: 'note',
            notes: [note],
            ...email,
          })
        ) {
          written += 1
        }
      }
      return written
    }
    // Weekly: only weeks that are over, each one digest.
    const thisWeek = weekStart(now).getTime()
    const weeks = new Map<string, DueNote[]>()
    for (const note of due) {
      if (note.wentLiveAt.getTime() >= thisWeek) continue
      const week = isoWeek(note.wentLiveAt)
      weeks.set(week, [...(weeks.get(week) ?? []), note])
    }
    for (const [week, group] of weeks) {
      const email = digestEmail(facts, week, group)
      const key = `digest:${week}:${group.map((note) => note.id).join(',')}`
      if (await writeIssue(tx, now, { key, kind: 'digest', notes: group, ...email })) written += 1
    }
    return written
  })
}

type SendRow = typeof newsletterSends.$inferSelect
type ConfirmationRow = typeof newsletterConfirmations.$inferSelect

async function claimConfirmation(
  db: Db,
  now: Date,
  leaseMs: number,
): Promise<ConfirmationRow | null> {
  const at = now.toISOString()
  const [row] = await db
    .update(newsletterConfirmations)
    .set({
      attempts: sql`${newsletterConfirmations.attempts} + 1`,
      next_attempt_at: new Date(now.getTime() + leaseMs),
    })
    .where(
      eq(
        newsletterConfirmations.token_hash,
        sql`(select ${newsletterConfirmations.token_hash} from ${newsletterConfirmations}
             where ${newsletterConfirmations.mailed_at} is null and ${newsletterConfirmations.token} is not null
               and ${newsletterConfirmations.used_at} is null
               and ${newsletterConfirmations.expires_at} > ${at}::timestamptz
               and ${newsletterConfirmations.next_attempt_at} <= ${at}::timestamptz
             order by ${newsletterConfirmations.next_attempt_at}
             limit 1 for update skip locked)`,
      ),
    )
    .returning()
  return row ?? null
}

async function claimSend(db: Db, now: Date, leaseMs: number): Promise<SendRow | null> {
  const at = now.toISOString()
  const [row] = await db
    .update(newsletterSends)
    .set({
      attempts: sql`${newsletterSends.attempts} + 1`,
      next_attempt_at: new Date(now.getTime() + leaseMs),
      updated_at: now,
    })
    .where(
      eq(
        newsletterSends.id,
        sql`(select ${newsletterSends.id} from ${newsletterSends}
             where ${newsletterSends.state} = 'pending' and ${newsletterSends.next_attempt_at} <= ${at}::timestamptz
             order by ${newsletterSends.next_attempt_at}, ${newsletterSends.id}
             limit 1 for update skip locked)`,
      ),
    )
    .returning()
  return row ?? null
}

/** The claim's own row still: its attempts unchanged (no other sender took it since). */
const stillMine = (row: SendRow) =>
  and(
    eq(newsletterSends.id, row.id),
    eq(newsletterSends.attempts, row.attempts),
    eq(newsletterSends.state, 'pending'),
  )

export interface SendOutcome {
  sent: number
  confirmations: number
  bounced: number
  retried: number
  failed: number
  skipped: number
  /** The rate's window was full: the rest waits for the next minute. */
  throttled: boolean
}

export interface SendDeps {
  db: Db
  config: Pick<AppConfig, 'alerts' | 'secrets' | 'newsletter'>
  siteUrl: string
  now: () => Date
  log: Logger
  signal?: AbortSignal
  /** A test's mailer; else one made from the route in effect. */
  mailer?: NewsletterMailer
}

function settingsOf(config: SendDeps['config']): NewsletterSettings {
  return config.newsletter ?? defaultNewsletterSettings
}

/** A slot in this minute's rate, or the time the window frees one. */
async function rateSlot(deps: SendDeps, settings: NewsletterSettings): Promise<Date | null> {
  const now = deps.now()
  const wait = await takeSlot(deps.db, RATE_KEY, settings.ratePerMinute, MINUTE_MS, now)
  return wait > 0 ? new Date(now.getTime() + wait * 1000) : null
}

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 1000)

/** Step 2: confirmation emails, then the issues' emails, until none is due or the rate is spent. */
export async function sendDue(deps: SendDeps): Promise<SendOutcome> {
  const { db, log } = deps
  const settings = settingsOf(deps.config)
  const outcome: SendOutcome = {
    sent: 0,
    confirmations: 0,
    bounced: 0,
    retried: 0,
    failed: 0,
    skipped: 0,
    throttled: false,
  }
  let route: MailRoute | null | undefined
  let mailer = deps.mailer
  const mailerNow = async (): Promise<NewsletterMailer | null> => {
    if (mailer) return mailer
    route ??= await newsletterRoute(db, deps.config, deps.siteUrl)
    if (!route) return null
    mailer = await createNewsletterMailer(route, settings.sendTimeoutMs)
    return mailer
  }
  const facts = await siteFacts(db, deps.siteUrl)
  const host = new URL(deps.siteUrl).host
  try {
    // Without a mail server nothing is claimed: everything waits, untouched.
    if (!(await mailerNow())) return outcome
    while (!deps.signal?.aborted) {
      const now = deps.now()
      const row = await claimConfirmation(db, now, settings.leaseMs)
      if (!row) break
      const free = await rateSlot(deps, settings)
      if (free) {
        await db
          .update(newsletterConfirmations)
          .set({ next_attempt_at: free, attempts: sql`${newsletterConfirmations.attempts} - 1` })
          .where(eq(newsletterConfirmations.token_hash, row.token_hash))
        outcome.throttled = true
        return outcome
      }
      const [subscriber] = await db
        .select({ email: newsletterSubscribers.email })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.id, row.subscriber_id))
      if (!subscriber || !row.token) continue
      const link = `${deps.siteUrl}/newsletter/confirm?token=${row.token}`
      const email = confirmationEmail(facts, link, Math.round(settings.confirmTtlMs / 3_600_000))
      try {
        await (mailer as NewsletterMailer).send({
          to: subscriber.email,
          subject: email.subject,
          html: email.html,
          text: email.text,
          messageId: `<newsletter-confirm-${row.token_hash.slice(0, 24)}@${host}>`,
          headers: {},
        })
        await db
          .update(newsletterConfirmations)
          .set({ mailed_at: deps.now(), token: null, last_error: null })
          .where(eq(newsletterConfirmations.token_hash, row.token_hash))
        outcome.confirmations += 1
      } catch (error) {
        const message = errorText(error)
        const giveUp = error instanceof PermanentMailError || row.attempts >= settings.maxAttempts
        await db
          .update(newsletterConfirmations)
          .set({
            last_error: message,
            next_attempt_at: new Date(
              deps.now().getTime() + settings.retryBaseMs * 2 ** Math.min(row.attempts - 1, 20),
            ),
            ...(giveUp ? { token: null } : {}),
          })
          .where(eq(newsletterConfirmations.token_hash, row.token_hash))
        log.warn('newsletter confirmation not sent', { error: message, given_up: giveUp })
        if (!giveUp) return outcome
      }
    }
    while (!deps.signal?.aborted) {
      const row = await claimSend(db, deps.now(), settings.leaseMs)
      if (!row) break
      const result = await sendOne(deps, settings, facts, mailer as NewsletterMailer, row)
      if (result === 'throttled') {
        outcome.throttled = true
        return outcome
      }
      outcome[result] += 1
      // A mail server that fails now will fail the next one too: the rest waits for the next run.
      if (result === 'retried') break
    }
    return outcome
  } finally {
    if (!deps.mailer) mailer?.close()
  }
}

type OneResult = 'sent' | 'bounced' | 'retried' | 'failed' | 'skipped' | 'throttled'

async function sendOne(
  deps: SendDeps,
  settings: NewsletterSettings,
  facts: SiteFacts,
  mailer: NewsletterMailer,
  row: SendRow,
): Promise<OneResult> {
  const { db } = deps
  const [found] = await db
    .select({ subscriber: newsletterSubscribers, issue: newsletterIssues })
    .from(newsletterSends)
    .innerJoin(newsletterSubscribers, eq(newsletterSubscribers.id, newsletterSends.subscriber_id))
    .innerJoin(newsletterIssues, eq(newsletterIssues.id, newsletterSends.issue_id))
    .where(eq(newsletterSends.id, row.id))
  const skip = async (why: string) => {
    await db
      .update(newsletterSends)
      .set({ state: 'skipped', last_error: why, updated_at: deps.now() })
      .where(stillMine(row))
    return 'skipped' as const
  }
  if (!found) return 'skipped'
  const { subscriber, issue } = found
  // Unsubscribed or bounced since the issue was written: not sent.
  if (subscriber.state !== 'confirmed') return skip(`subscriber ${subscriber.state}`)
  // A note taken back (to the Trash, or a draft again) before its email went out: not sent.
  if (issue.kind === 'note') {
    const [live] = await db
      .select({ id: notes.id })
      .from(notes)
      .where(and(eq(notes.id, issue.note_ids[0] ?? 0), isLive))
    if (!live) return skip('note no longer public')
  }
  const free = await rateSlot(deps, settings)
  if (free) {
    await db
      .update(newsletterSends)
      .set({ next_attempt_at: free, attempts: sql`${newsletterSends.attempts} - 1` })
      .where(stillMine(row))
    return 'throttled'
  }
  const unsubscribeUrl = `${facts.siteUrl}/newsletter/unsubscribe?token=${await unsubscribeToken(db, subscriber.id, subscriber.email)}`
  const host = new URL(facts.siteUrl).host
  try {
    await mailer.send({
      to: subscriber.email,
      subject: issue.subject,
      html: personalised(issue.html, unsubscribeUrl),
      text: personalised(issue.text, unsubscribeUrl),
      messageId: `<newsletter-${issue.id}-${subscriber.id}@${host}>`,
      headers: {
        'List-Unsubscribe': `<${unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        'List-Id': `${facts.ownerName.replace(/[<>"]/g, '')} notes <notes.${host}>`,
        'X-Newsletter-Issue': String(issue.id),
      },
    })
  } catch (error) {
    const message = errorText(error)
    const now = deps.now()
    if (error instanceof PermanentMailError) {
      await db.transaction(async (tx) => {
        await tx
          .update(newsletterSends)
          .set({ state: 'bounced', last_error: message, updated_at: now })
          .where(stillMine(row))
        await tx
          .update(newsletterSubscribers)
          .set({ state: 'bounced', bounced_at: now, bounce_reason: message, updated_at: now })
          .where(eq(newsletterSubscribers.id, subscriber.id))
      })
      deps.log.warn('newsletter address bounced', { subscriber_id: subscriber.id, error: message })
      return 'bounced'
    }
    const giveUp = row.attempts >= settings.maxAttempts
    await db
      .update(newsletterSends)
      .set({
        ...(giveUp ? { state: 'failed' as const } : {}),
        last_error: message,
        next_attempt_at: new Date(
          now.getTime() + settings.retryBaseMs * 2 ** Math.min(row.attempts - 1, 20),
        ),
        updated_at: now,
      })
      .where(stillMine(row))
    deps.log.warn('newsletter email not sent', {
      send_id: row.id,
      error: message,
      given_up: giveUp,
    })
    return giveUp ? 'failed' : 'retried'
  }
  const now = deps.now()
  await db.transaction(async (tx) => {
    const marked = await tx
      .update(newsletterSends)
      .set({ state: 'sent', sent_at: now, last_error: null, updated_at: now })
      .where(stillMine(row))
      .returning({ id: newsletterSends.id })
    if (marked.length > 0) {
      await tx
        .update(newsletterIssues)
        .set({ sent_count: sql`${newsletterIssues.sent_count} + 1` })
        .where(eq(newsletterIssues.id, issue.id))
    }
  })
  return 'sent'
}

/**
 * The owner's test email: the latest note (or a sample) as subscribers get
 * it, to the owner's address, at once, through the newsletter's mail route.
 */
export async function sendTestEmail(deps: SendDeps): Promise<{ to: string }> {
  const { db } = deps
  const settings = settingsOf(deps.config)
  const alerts = await alertSettingsInEffect(db, deps.config, deps.siteUrl)
  const [owner] = await db.select({ email: profile.email }).from(profile).limit(1)
  const to = alerts.email?.to ?? (await alertRecipient(db, alerts)) ?? owner?.email ?? null
  if (!to) throw new Error('no recipient')
  const route = await newsletterRoute(db, deps.config, deps.siteUrl)
  const mailer =
    deps.mailer ?? (route ? await createNewsletterMailer(route, settings.sendTimeoutMs) : null)
  if (!mailer) throw new Error('no mail server')
  const facts = await siteFacts(db, deps.siteUrl)
  const [latest] = await db
    .select({ slug: notes.slug, title: notes.title, summary: notes.summary, body: notes.body })
    .from(notes)
    .where(isLive)
    .orderBy(sql`${notes.went_live_at} desc`)
    .limit(1)
  const email = noteEmail(
    facts,
    latest ?? {
      slug: 'example',
      title: 'A test of your newsletter',
      summary: 'This is how your notes will look in your subscribers’ inboxes.',
      body: 'Each new note you mark **Email to subscribers** is sent like this.',
    },
  )
  const url = `${facts.siteUrl}/newsletter/unsubscribe`
  try {
    await mailer.send({
      to,
      subject: `[Test] ${email.subject}`,
      html: personalised(email.html, url),
      text: personalised(email.text, url),
      messageId: `<newsletter-test-${deps.now().getTime()}@${new URL(facts.siteUrl).host}>`,
      headers: {
        'List-Unsubscribe': `<${url}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    })
  } finally {
    if (!deps.mailer) mailer.close()
  }
  return { to }
}

/** The job: issues first, then what is due; every `NEWSLETTER_POLL`, and kicked after a subscription. */
export function newsletterJob(options: {
  config: Pick<AppConfig, 'alerts' | 'secrets' | 'newsletter'>
  siteUrl: string
  mailer?: NewsletterMailer
}): Job {
  const settings = settingsOf(options.config)
  return {
    name: NEWSLETTER_JOB,
    everyMs: settings.pollMs,
    // The job's own claim ends with the emails' lease: an instance killed mid-run holds neither longer.
    leaseMs: settings.leaseMs,
    async run({ db, now, log, signal }) {
      const written = await prepareIssues(db, options.siteUrl, now())
      if (written > 0) log.info('newsletter issues written', { issues: written })
      const outcome = await sendDue({
        db,
        config: options.config,
        siteUrl: options.siteUrl,
        now,
        log,
        signal,
        mailer: options.mailer,
      })
      if (outcome.sent + outcome.confirmations + outcome.bounced > 0)
        log.info('newsletter emails sent', { ...outcome })
    },
  }
}
