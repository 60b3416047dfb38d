/**
 * Subscribers (docs/newsletter.md): the public form's double opt-in, the
 * confirmation link, the one-click unsubscribe, and the owner's list, CSV,
 * erasure and choice of mode. The confirmation email is not sent here: its
 * row is the job's to send (server/services/newsletter/sending.ts), kicked
 * at once on this instance, so a mail server that is down delays it and
 * loses nothing.
 */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm'
import type {
  NewsletterMode,
  NewsletterOverview,
  Subscriber,
  SubscriberState,
} from '../../../src/schemas/newsletter'
import { defaultNewsletterSettings, defaultSpamRules } from '../../config'
import type { Db } from '../../db/client'
import {
  newsletterConfirmations,
  newsletterIssues,
  newsletterSends,
  newsletterSettings,
  newsletterSubscribers,
} from '../../db/schema'
import { InvalidFieldError, InvalidInputError, NotFoundError, RateLimitedError } from '../../errors'
import type { ServiceContext } from '../context'
import { takeSlot } from '../fixed-window'
import { formTokenAge } from '../form-token'
import { iso } from '../rows'
import { addressHash, checkUnsubscribeToken, confirmationHash, newConfirmationToken } from './keys'
import { newsletterRoute } from './mailer'

export const newsletterTexts = {
  /** The same whatever the address's state: the form tells nobody who is subscribed. */
  checkInbox:
    'Almost done: we sent you an email. Follow the link in it within 48 hours to confirm, and new notes will come to your inbox.',
  confirmed: 'You are subscribed. New notes will come to your inbox.',
  invalidLink: 'This confirmation link is not valid or was already used.',
  expiredLink: 'This confirmation link has expired. Subscribe again to get a new one.',
  unsubscribed: 'You are unsubscribed. No more notes will be sent to you.',
  invalidUnsubscribe: 'This unsubscribe link is not valid.',
} as const

type Row = typeof newsletterSubscribers.$inferSelect

function toSubscriber(row: Row): Subscriber {
  const at = (date: Date | null) => (date ? iso(date) : null)
  return {
    id: row.id,
    email: row.email,
    state: row.state,
    source: row.source,
    consent_at: at(row.consent_at),
    confirmed_at: at(row.confirmed_at),
    unsubscribed_at: at(row.unsubscribed_at),
    bounced_at: at(row.bounced_at),
    bounce_reason: row.bounce_reason,
    created_at: iso(row.created_at),
  }
}

/** Addresses are kept in lower case: one row per mailbox, whatever the typing. */
export const normalEmail = (email: string) => email.trim().toLowerCase()

function settingsOf(ctx: Pick<ServiceContext, 'config'>) {
  return ctx.config.newsletter ?? defaultNewsletterSettings
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** A new confirmation (its email due now) for a subscriber, in the caller's transaction. */
async function queueConfirmation(tx: Tx, subscriberId: number, now: Date, ttlMs: number) {
  const { token, hash } = newConfirmationToken()
  await tx.insert(newsletterConfirmations).values({
    token_hash: hash,
    subscriber_id: subscriberId,
    token,
    expires_at: new Date(now.getTime() + ttlMs),
    next_attempt_at: now,
    created_at: now,
  })
}

type SubscribeContext = Pick<
  ServiceContext,
  'db' | 'config' | 'now' | 'ip' | 'log' | 'requestId' | 'kickNewsletter'
>

/** Why a subscription is a bot's, or null: the honeypot, then the form token (the contact form's rules). */
async function spamReason(
  ctx: SubscribeContext,
  data: { website: string; form_token: string },
  now: Date,
): Promise<string | null> {
  if (data.website !== '') return 'honeypot filled'
  const rules = ctx.config.spam ?? defaultSpamRules
  const age = data.form_token ? await formTokenAge(ctx.db, data.form_token, now) : null
  if (age === null) return data.form_token ? 'invalid form token' : 'no form token'
  if (age < rules.minFillMs) return `sent ${age} ms after the form was served`
  if (age > rules.maxTokenAgeMs) return 'form token expired'
  return null
}

/**
 * The public form: a new address (or one that left, or bounced) becomes
 * pending with a confirmation email on its way; a pending one gets a new
 * link; a confirmed one is left as it is. Every case answers the same
 * sentence, and a bot's (honeypot, form token) is answered alike and
 * dropped, after the per-address and per-client limits.
 */
export async function subscribe(
  ctx: SubscribeContext,
  data: { email: string; website: string; form_token: string },
): Promise<{ message: string }> {
  const now = ctx.now()
  const settings = settingsOf(ctx)
  const email = normalEmail(data.email)
  const wait = await takeSlot(
    ctx.db,
    `newsletter:ip:${ctx.ip}`,
    settings.perIp,
    settings.windowMs,
    now,
  )
  if (wait > 0) {
    ctx.log.warn('newsletter subscriptions rate limited', { ip: ctx.ip, request_id: ctx.requestId })
    throw new RateLimitedError('Too many subscriptions from here. Please try again later.', wait)
  }
  const perAddress = await takeSlot(
    ctx.db,
    `newsletter:address:${await addressHash(ctx.db, `email:${email}`)}`,
    settings.perAddress,
    settings.windowMs,
    now,
  )
  if (perAddress > 0) {
    throw new RateLimitedError(
      'This address was subscribed a moment ago: check its inbox, or try again later.',
      perAddress,
    )
  }
  const spam = await spamReason(ctx, data, now)
  if (spam) {
    ctx.log.info('newsletter subscription dropped as spam', {
      reason: spam,
      request_id: ctx.requestId,
    })
    return { message: newsletterTexts.checkInbox }
  }
  const ipHash = await addressHash(ctx.db, ctx.ip)
  const queued = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(newsletterSubscribers)
      .values({
        email,
        state: 'pending',
        source: 'form',
        consent_ip_hash: ipHash,
        created_at: now,
        updated_at: now,
      })
      .onConflictDoUpdate({ target: newsletterSubscribers.email, set: { updated_at: now } })
      .returning()
    if (!row) throw new Error('subscriber not written')
    if (row.state === 'confirmed') return false
    await tx
      .update(newsletterSubscribers)
      .set({ state: 'pending', consent_ip_hash: ipHash, updated_at: now })
      .where(eq(newsletterSubscribers.id, row.id))
    await queueConfirmation(tx, row.id, now, settings.confirmTtlMs)
    return true
  })
  if (queued) ctx.kickNewsletter?.()
  return { message: newsletterTexts.checkInbox }
}

/** The confirmation link followed: once, before it expires. */
export async function confirmSubscription(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  token: string,
): Promise<{ message: string }> {
  const now = ctx.now()
  return ctx.db.transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(newsletterConfirmations)
      .where(eq(newsletterConfirmations.token_hash, confirmationHash(token)))
      .for('update')
      .limit(1)
    if (!link || link.used_at) throw new InvalidFieldError('token', newsletterTexts.invalidLink)
    if (link.expires_at.getTime() <= now.getTime()) {
      throw new InvalidFieldError('token', newsletterTexts.expiredLink)
    }
    await tx
      .update(newsletterConfirmations)
      .set({ used_at: now, token: null })
      .where(eq(newsletterConfirmations.token_hash, link.token_hash))
    await tx
      .update(newsletterSubscribers)
      .set({ state: 'confirmed', consent_at: now, confirmed_at: now, updated_at: now })
      .where(eq(newsletterSubscribers.id, link.subscriber_id))
    return { message: newsletterTexts.confirmed }
  })
}

async function emailOf(db: Db, id: number): Promise<string | null> {
  const [row] = await db
    .select({ email: newsletterSubscribers.email })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, id))
  return row?.email ?? null
}

/**
 * The one-click unsubscribe (the email's link, and the mail client's
 * RFC 8058 POST): no sign-in, the signed token is enough. Said again, it
 * answers the same. Their emails still waiting are not sent.
 */
export async function unsubscribe(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  token: string,
): Promise<{ message: string }> {
  const id = await checkUnsubscribeToken(ctx.db, token, (id) => emailOf(ctx.db, id))
  if (id === null) throw new InvalidFieldError('token', newsletterTexts.invalidUnsubscribe)
  const now = ctx.now()
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(newsletterSubscribers)
      .set({ state: 'unsubscribed', unsubscribed_at: now, updated_at: now })
      .where(
        and(
          eq(newsletterSubscribers.id, id),
          sql`${newsletterSubscribers.state} in ('pending', 'confirmed')`,
        ),
      )
    // A link still unused no longer confirms anything.
    await tx
      .update(newsletterConfirmations)
      .set({ used_at: now, token: null })
      .where(
        and(eq(newsletterConfirmations.subscriber_id, id), isNull(newsletterConfirmations.used_at)),
      )
  })
  return { message: newsletterTexts.unsubscribed }
}

export async function newsletterMode(db: Db): Promise<NewsletterMode> {
  const [row] = await db.select({ mode: newsletterSettings.mode }).from(newsletterSettings)
  return row?.mode ?? 'each'
}

export async function setNewsletterMode(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  mode: NewsletterMode,
): Promise<{ mode: NewsletterMode }> {
  const now = ctx.now()
  await ctx.db
    .insert(newsletterSettings)
    .values({ id: 1, mode, updated_at: now })
    .onConflictDoUpdate({ target: newsletterSettings.id, set: { mode, updated_at: now } })
  return { mode }
}

/** The owner's screen: the mode, counts by state, every subscriber, each email sent and how it went. */
export async function newsletterOverview(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'siteUrl'>,
): Promise<NewsletterOverview> {
  const { db } = ctx
  const rows = await db
    .select()
    .from(newsletterSubscribers)
    .orderBy(desc(newsletterSubscribers.created_at), desc(newsletterSubscribers.id))
  const counts = { pending: 0, confirmed: 0, unsubscribed: 0, bounced: 0 }
  for (const row of rows) counts[row.state] += 1
  const issues = await db.select().from(newsletterIssues).orderBy(desc(newsletterIssues.id))
  const tallies = await db
    .select({ issue: newsletterSends.issue_id, state: newsletterSends.state, n: count() })
    .from(newsletterSends)
    .groupBy(newsletterSends.issue_id, newsletterSends.state)
  const tally = (issue: number, state: string) =>
    tallies.find((row) => row.issue === issue && row.state === state)?.n ?? 0
  return {
    mode: await newsletterMode(db),
    counts,
    mail_server:
      (await newsletterRoute(db, ctx.config, ctx.siteUrl ?? 'http://localhost')) !== null,
    subscribers: rows.map(toSubscriber),
    issues: issues.map((issue) => ({
      id: issue.id,
      kind: issue.kind,
      subject: issue.subject,
      note_ids: issue.note_ids,
      created_at: iso(issue.created_at),
      sent: issue.sent_count,
      pending: tally(issue.id, 'pending'),
      bounced: tally(issue.id, 'bounced'),
      failed: tally(issue.id, 'failed'),
      skipped: tally(issue.id, 'skipped'),
    })),
  }
}

/** Erasure: the address and everything kept about it (links, its emails' rows) go for good. */
export async function eraseSubscriber(db: Db, id: number): Promise<void> {
  const deleted = await db
    .delete(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, id))
    .returning({ id: newsletterSubscribers.id })
  if (deleted.length === 0) throw new NotFoundError('Subscriber not found.')
}

const CSV_COLUMNS = [
  'email',
  'state',
  'source',
  'consent_at',
  'confirmed_at',
  'unsubscribed_at',
  'bounced_at',
  'created_at',
] as const

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

/** Every subscriber as CSV (RFC 4180, a header row), for another tool or a later import. */
export async function exportSubscribers(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
): Promise<{ filename: string; csv: string }> {
  const rows = await ctx.db.select().from(newsletterSubscribers).orderBy(newsletterSubscribers.id)
  const lines = [CSV_COLUMNS.join(',')]
  for (const row of rows) {
    const at = (date: Date | null) => (date ? iso(date) : '')
    lines.push(
      [
        row.email,
        row.state,
        row.source,
        at(row.consent_at),
        at(row.confirmed_at),
        at(row.unsubscribed_at),
        at(row.bounced_at),
        iso(row.created_at),
      ]
        .map(csvField)
        .join(','),
    )
  }
  return {
    filename: `subscribers-${iso(ctx.now()).slice(0, 10)}.csv`,
    csv: `${lines.join('\r\n')}\r\n`,
  }
}

/** RFC 4180 rows: quoted fields with doubled quotes, CRLF or LF line ends. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (char === '"') quoted = false
      else field += char
    } else if (char === '"' && field === '') quoted = true
    else if (char === ',') {
      row.push(field)
      field = ''
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else field += char
  }
  if (field !== '' || row.length > 0) {
    row.push(field)
    rows.push(row)
  }
  return rows.filter((cells) => cells.some((cell) => cell.trim() !== ''))
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * Imports a CSV with an `email` column (and, as exported, `state`, `source`
 * and the dates). An address already here is left as it is. One the file
 * says left, bounced or is still pending stays so. Any other is confirmed
 * only when the owner attests consent (`consent`: its consent time the
 * file's, else now); otherwise it is pending. A pending one gets a
 * confirmation email.
 */
export async function importSubscribers(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'now' | 'kickNewsletter'>,
  input: { csv: string; consent: boolean },
) {
  const rows = parseCsv(input.csv.replace(/^\uFEFF/, ''))
  const header = (rows[0] ?? []).map((cell) => cell.trim().toLowerCase())
  const column = (name: string) => header.indexOf(name)
  const emailColumn = column('email')
  if (emailColumn < 0)
    throw new InvalidFieldError('csv', 'The CSV needs a header row with an "email" column.')
  if (rows.length > 50_001)
    throw new InvalidFieldError('csv', 'The CSV has too many rows (50,000 at most).')
  const now = ctx.now()
  const ttl = settingsOf(ctx).confirmTtlMs
  const result = { added: 0, confirmed: 0, pending: 0, unchanged: 0, invalid: [] as number[] }
  const dateAt = (cells: string[], name: string) => {
    const index = column(name)
    const value = index < 0 ? '' : (cells[index] ?? '').trim()
    const date = value ? new Date(value) : null
    return date && !Number.isNaN(date.getTime()) ? date : null
  }
  await ctx.db.transaction(async (tx) => {
    for (const [index, cells] of rows.slice(1).entries()) {
      const email = normalEmail(cells[emailColumn] ?? '')
      if (!EMAIL_PATTERN.test(email) || email.length > 254) {
        result.invalid.push(index + 2)
        continue
      }
      const stateIndex = column('state')
      const given = (stateIndex < 0 ? '' : (cells[stateIndex] ?? '').trim()) as SubscriberState | ''
      const kept = given === 'unsubscribed' || given === 'bounced' || given === 'pending'
      const state: SubscriberState = kept ? given : input.consent ? 'confirmed' : 'pending'
      const sourceIndex = column('source')
      const source =
        (sourceIndex < 0 ? '' : (cells[sourceIndex] ?? '').trim()) === 'form' ? 'form' : 'import'
      // The file's dates where it has them; a confirmed address without one: consent now.
      const at = (name: string, when: boolean) => dateAt(cells, name) ?? (when ? now : null)
      const confirmed = state === 'confirmed'
      const [row] = await tx
        .insert(newsletterSubscribers)
        .values({
          email,
          state,
          source,
          consent_at: state === 'pending' ? null : at('consent_at', confirmed),
          confirmed_at: state === 'pending' ? null : at('confirmed_at', confirmed),
          unsubscribed_at: at('unsubscribed_at', state === 'unsubscribed'),
          bounced_at: at('bounced_at', state === 'bounced'),
          created_at: dateAt(cells, 'created_at') ?? now,
          updated_at: now,
        })
        .onConflictDoNothing({ target: newsletterSubscribers.email })
        .returning({ id: newsletterSubscribers.id })
      if (!row) {
        result.unchanged += 1
        continue
      }
      result.added += 1
      if (state === 'confirmed') result.confirmed += 1
      if (state === 'pending') {
        result.pending += 1
        await queueConfirmation(tx, row.id, now, ttl)
      }
    }
  })
  if (result.pending > 0) ctx.kickNewsletter?.()
  return result
}

/** The owner's test email needs an address to go to. */
export function requireRecipient(to: string | null): string {
  if (!to) {
    throw new InvalidInputError("No address to send the test to: set the profile's email first.")
  }
  return to
}
