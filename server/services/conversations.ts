/**
 * Conversations: replies, likes, reposts, bookmarks and mentions of a note or
 * a project made elsewhere (a verified Webmention, a Mastodon or Bluesky post,
 * an ActivityPub activity), in one moderated queue (docs/social-web.md).
 *
 * Every feature that finds one calls `recordConversation`: it records it, or
 * updates the row it recorded before for the same source and target (the
 * owner's decision stays), applying the rules in this order: an author or
 * domain the owner trusts is approved at once; else the spam rules (those of
 * the contact form: too many links, known phrases) file it as spam; else it
 * waits, pending, and the owner gets an alert, in the same transaction
 * (server/services/alerts.ts). A source that is gone (a 410, a link removed,
 * a Delete) is `removeConversationsBySource`. The author's photo is fetched
 * through the outbound fetcher, resized and served from the media store,
 * never hot-linked.
 */
import { createHash } from 'node:crypto'
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm'
import { contentSpamSignal } from '../../src/domain/spam'
import {
  type Conversation,
  type ConversationKind,
  type ConversationNetwork,
  type ConversationStatus,
  type ConversationTargetType,
  conversationLimits,
  type InboxConversation,
  type PublicConversation,
  type PublicConversations,
  type TrustEntry,
  type TrustType,
} from '../../src/schemas/conversation'
import { type AppConfig, defaultSocialSettings, defaultSpamRules } from '../config'
import type { Db } from '../db/client'
import { bumpContentVersion, type Tx } from '../db/content-version'
import {
  conversations,
  conversationTrust,
  noteSlugs,
  notes,
  projectSlugs,
  projects,
} from '../db/schema'
import { NotFoundError } from '../errors'
import type { Logger } from '../log'
import { sanitizeRemoteHtml } from '../markdown/remote-html'
import { mediaUrl } from '../media/keys'
import { processAvatar } from '../media/process'
import type { MediaStore } from '../media/store'
import { outboundFetch } from '../outbound/fetch'
import { enqueueAlerts } from './alerts'
import { isLive } from './notes'
import { alertSettingsInEffect } from './notification-settings'
import { iso } from './rows'
import { moveToTrash } from './trash'

export type ConversationRow = typeof conversations.$inferSelect

/** A note or a project, by id: what a conversation is about. */
export interface ConversationTarget {
  type: ConversationTargetType
  id: number
}

/** What a feature found: one reply, like, repost, bookmark or mention of a note or project. */
export interface ConversationInput {
  network: ConversationNetwork
  kind: ConversationKind
  target: ConversationTarget
  /**
   * The source's URL or id, unique per target: a Webmention's source, a post's URI, an
   * ActivityPub object's id; for a like or repost without an id of its own, one made from the
   * post and the account (`<post>#favourited_by-<account id>`).
   */
  source: string
  /** The page a visitor opens to read it where it was written; none: `source` when it is http(s). */
  url?: string | null
  author: {
    name?: string | null
    url?: string | null
    /** The photo's URL elsewhere: fetched, resized, served from this site. */
    photo?: string | null
  }
  /** HTML (sanitised here) and/or plain text; none for a like or repost. */
  content?: { html?: string | null; text?: string | null } | null
  /** When it was written (a Date or an ISO string); none or unreadable: unknown. */
  published_at?: Date | string | null
}

/** What recording answers: the stored conversation, and whether it is new. */
export interface RecordedConversation {
  conversation: Conversation
  created: boolean
}

/**
 * What the conversations need: the database and clock always; the settings for the spam
 * rules, alerts and fetches (absent: the defaults, no alerts); the media store for photos
 * (absent: photos are not fetched); `kickAlerts` to send an alert at once.
 */
export interface ConversationDeps {
  db: Db
  now: () => Date
  log?: Logger
  config?: AppConfig
  mediaStore?: MediaStore
  siteUrl?: string
  kickAlerts?: () => void
}

const notFound = () => new NotFoundError('Conversation not found.')

function cut(value: string | null | undefined, max: number): string | null {
  if (value === null || value === undefined) return null
  const trimmed = value.trim()
  if (!trimmed) return null
  return trimmed.length > max ? `${trimmed.slice(0, max - 1)}…` : trimmed
}

/** An http(s) URL as given (cut to the limit), or null for anything else. */
function httpUrl(value: string | null | undefined): string | null {
  if (!value) return null
  try {
    const url = new URL(value.trim())
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    const text = url.toString()
    return text.length > conversationLimits.url ? null : text
  } catch {
    return null
  }
}

function dateOf(value: Date | string | null | undefined): Date | null {
  if (!value) return null
  const date = value instanceof Date ? value : new Date(value)
  const time = date.getTime()
  // Outside PostgreSQL's range or unreadable: unknown.
  if (!Number.isFinite(time) || date.getUTCFullYear() < 1970 || date.getUTCFullYear() > 9999)
    return null
  return date
}

/** The trust list's key for an author: the URL without its fragment or trailing slash. */
export function authorKey(url: string): string | null {
  try {
    const parsed = new URL(url)
    parsed.hash = ''
    return parsed.toString().replace(/\/$/, '')
  } catch {
    return null
  }
}

/** The trust list's key for a domain: the host name in lower case, without `www.`. */
export function domainKey(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '') || null
  } catch {
    return null
  }
}

/** The author or domain entry on the trust list that covers this author, if any. */
async function trustedBy(
  db: Pick<Db, 'select'>,
  authorUrl: string | null,
): Promise<{ type: TrustType; value: string } | null> {
  if (!authorUrl) return null
  const author = authorKey(authorUrl)
  const host = domainKey(authorUrl)
  const wanted = [
    ...(author
      ? [and(eq(conversationTrust.type, 'author'), eq(conversationTrust.value, author))]
      : []),
    // A trusted domain covers its subdomains (`blog.example.org` under `example.org`).
    ...(host
      ? host
          .split('.')
          .map((_, i, parts) => parts.slice(i).join('.'))
          .filter((suffix) => suffix.includes('.'))
          .map((suffix) =>
            and(eq(conversationTrust.type, 'domain'), eq(conversationTrust.value, suffix)),
          )
      : []),
  ]
  if (wanted.length === 0) return null
  const [row] = await db
    .select({ type: conversationTrust.type, value: conversationTrust.value })
    .from(conversationTrust)
    .where(or(...wanted))
    .limit(1)
  return row ?? null
}

function toConversation(row: ConversationRow): Conversation {
  return {
    id: row.id,
    network: row.network,
    kind: row.kind,
    target_type: row.target_type,
    target_id: row.target_id,
    source: row.source,
    url: row.url,
    author_name: row.author_name,
    author_url: row.author_url,
    author_photo: row.author_photo,
    content_html: row.content_html,
    content_text: row.content_text,
    published_at: row.published_at ? iso(row.published_at) : null,
    status: row.status,
    fetched_at: iso(row.fetched_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  }
}

/**
 * The author's photo as a file of this site (`/media/<hash>-96.webp`), or null when it cannot
 * be fetched or read (the conversation is recorded without it, and tried again next time).
 */
export async function fetchAuthorPhoto(
  deps: Pick<ConversationDeps, 'config' | 'mediaStore' | 'log'>,
  photoUrl: string,
): Promise<string | null> {
  const store = deps.mediaStore
  if (!store) return null
  const social = deps.config?.social ?? defaultSocialSettings
  try {
    const response = await outboundFetch(photoUrl, {
      allowLoopback: social.allowLoopback,
      timeoutMs: social.fetchTimeoutMs,
      maxBytes: 2 * 1024 * 1024,
      accept: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'],
    })
    if (response.status !== 200) throw new Error(`answered ${response.status}`)
    const hash = createHash('sha256').update(response.body).digest('hex')
    const file = await processAvatar(response.body, hash)
    if (!(await store.exists(file.key))) await store.put(file.key, file.bytes, file.contentType)
    return mediaUrl(file.key)
  } catch (error) {
    deps.log?.info('author photo not fetched', {
      url: photoUrl.slice(0, 300),
      error: error instanceof Error ? error.message : String(error),
    })
    return null
  }
}

/** The fields a conversation stores, from what a feature found (sanitised, bounded). */
function storedFields(input: ConversationInput) {
  const base = httpUrl(input.url) ?? httpUrl(input.source) ?? undefined
  let html: string | null = null
  let text: string | null = null
  if (input.content?.html) {
    const clean = sanitizeRemoteHtml(input.content.html, base)
    html = clean.html || null
    text = clean.text || null
  }
  if (!text && input.content?.text) text = input.content.text.replace(/\s+/g, ' ').trim() || null
  return {
    network: input.network,
    kind: input.kind,
    target_type: input.target.type,
    target_id: input.target.id,
    source: input.source.trim().slice(0, conversationLimits.url),
    url: httpUrl(input.url) ?? httpUrl(input.source),
    author_name: cut(input.author.name, conversationLimits.name),
    author_url: httpUrl(input.author.url),
    author_photo_source: httpUrl(input.author.photo),
    content_html: html && html.length <= conversationLimits.contentHtml ? html : null,
    content_text: cut(text, conversationLimits.contentText),
    published_at: dateOf(input.published_at),
  }
}

/**
 * Records one conversation, or updates the one recorded before for the same source and target
 * (its content, author and date; the owner's approval or spam verdict stays). See the module's
 * comment for the rules. Throws NotFoundError when the target is no note or project.
 */
export async function recordConversation(
  deps: ConversationDeps,
  input: ConversationInput,
): Promise<RecordedConversation> {
  const { db } = deps
  const now = deps.now()
  const fields = storedFields(input)
  if (!fields.source) throw new NotFoundError('A conversation needs its source.')
  if (!(await targetExists(db, input.target)))
    throw new NotFoundError('Nothing here has that target.')
  const [existing] = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.source, fields.source),
        eq(conversations.target_type, fields.target_type),
        eq(conversations.target_id, fields.target_id),
      ),
    )
    .limit(1)
  // The photo, fetched again only when the source names another one (or it failed before).
  let photo = existing?.author_photo ?? null
  if (
    fields.author_photo_source &&
    (!photo || existing?.author_photo_source !== fields.author_photo_source)
  ) {
    photo = (await fetchAuthorPhoto(deps, fields.author_photo_source)) ?? photo
  }
  if (!fields.author_photo_source) photo = null
  const trusted = await trustedBy(db, fields.author_url)
  const rules = deps.config?.spam ?? defaultSpamRules
  const spam = trusted
    ? null
    : contentSpamSignal(
        { name: fields.author_name ?? '', message: fields.content_text ?? '' },
        rules.maxLinks,
      )
  const status: ConversationStatus = existing
    ? existing.status === 'pending' && trusted
      ? 'approved'
      : existing.status
    : trusted
      ? 'approved'
      : spam
        ? 'spam'
        : 'pending'
  const alertSettings =
    !existing && status === 'pending' && deps.config
      ? await alertSettingsInEffect(db, deps.config, deps.siteUrl)
      : undefined
  const { row, alerts } = await db.transaction(async (tx) => {
    const values = { ...fields, author_photo: photo, status, fetched_at: now, updated_at: now }
    const [row] = await tx
      .insert(conversations)
      .values({ ...values, created_at: now })
      .onConflictDoUpdate({
        target: [conversations.source, conversations.target_type, conversations.target_id],
        // Another instance may have recorded it meanwhile: update, keeping its verdict.
        set: {
          ...values,
          status: sql`case when ${conversations.status} = 'pending' then ${status} else ${conversations.status} end`,
        },
      })
      .returning()
    if (!row) throw new Error('insert returned no row')
    const alerts =
      !existing && status === 'pending' && alertSettings
        ? await enqueueAlerts(
            tx,
            alertSettings,
            {
              kind: 'conversation',
              conversation_id: row.id,
              conversation_kind: row.kind,
              network: row.network,
              name: row.author_name ?? row.author_url ?? undefined,
              message: row.content_text ?? '',
              url: row.url,
              created_at: iso(now),
            },
            now,
          )
        : 0
    // An approved one is on a public page: the cache must see the change.
    if (row.status === 'approved' || existing?.status === 'approved') await bumpContentVersion(tx)
    return { row, alerts }
  })
  if (spam && !existing) deps.log?.info('conversation kept as spam', { reason: spam, id: row.id })
  if (alerts > 0) deps.kickAlerts?.()
  return { conversation: toConversation(row), created: !existing }
}

/**
 * Removes what a source said, for good (its author deleted it: a 410, a link that has gone, an
 * ActivityPub Delete): every target's, or one target's. Answers how many went.
 */
export async function removeConversationsBySource(
  deps: Pick<ConversationDeps, 'db'>,
  source: string,
  target?: ConversationTarget,
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const gone = await tx
      .delete(conversations)
      .where(
        and(
          eq(conversations.source, source.trim()),
          ...(target
            ? [eq(conversations.target_type, target.type), eq(conversations.target_id, target.id)]
            : []),
        ),
      )
      .returning({ status: conversations.status })
    if (gone.some((row) => row.status === 'approved')) await bumpContentVersion(tx)
    return gone.length
  })
}

async function targetExists(db: Pick<Db, 'select'>, target: ConversationTarget): Promise<boolean> {
  const table = target.type === 'note' ? notes : projects
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(eq(table.id, target.id))
    .limit(1)
  return Boolean(row)
}

/** A public note or project of this site at `url` (current or former address), or null. */
export async function resolveTarget(
  db: Db,
  url: string,
  siteUrl: string,
): Promise<(ConversationTarget & { path: string }) | null> {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return null
  }
  const site = new URL(siteUrl)
  if (parsed.host.toLowerCase() !== site.host.toLowerCase()) return null
  const match = /^\/(notes|projects)\/([^/]+)\/?$/.exec(parsed.pathname)
  if (!match) return null
  let slug: string
  try {
    slug = decodeURIComponent(match[2] ?? '')
  } catch {
    return null
  }
  if (match[1] === 'notes') {
    const [row] = await db
      .select({ id: notes.id, slug: notes.slug })
      .from(noteSlugs)
      .innerJoin(notes, eq(notes.id, noteSlugs.note_id))
      .where(and(eq(noteSlugs.slug, slug), isLive))
      .limit(1)
    return row ? { type: 'note', id: row.id, path: `/notes/${encodeURIComponent(row.slug)}` } : null
  }
  const [row] = await db
    .select({ id: projects.id, slug: projects.slug })
    .from(projectSlugs)
    .innerJoin(projects, eq(projects.id, projectSlugs.project_id))
    .where(and(eq(projectSlugs.slug, slug), eq(projects.is_published, true)))
    .limit(1)
  return row
    ? { type: 'project', id: row.id, path: `/projects/${encodeURIComponent(row.slug)}` }
    : null
}

// ---- The owner's inbox ----

/** Every conversation, newest first, with its target's title and page and whether it is trusted. */
export async function listConversations(
  db: Db,
  filter: { status?: ConversationStatus } = {},
): Promise<InboxConversation[]> {
  const rows = await db
    .select()
    .from(conversations)
    .where(filter.status ? eq(conversations.status, filter.status) : undefined)
    .orderBy(desc(conversations.created_at), desc(conversations.id))
    .limit(500)
  const noteIds = rows.filter((row) => row.target_type === 'note').map((row) => row.target_id)
  const projectIds = rows.filter((row) => row.target_type === 'project').map((row) => row.target_id)
  const noteRows = noteIds.length
    ? await db
        .select({ id: notes.id, title: notes.title, slug: notes.slug })
        .from(notes)
        .where(inArray(notes.id, noteIds))
    : []
  const projectRows = projectIds.length
    ? await db
        .select({ id: projects.id, title: projects.title, slug: projects.slug })
        .from(projects)
        .where(inArray(projects.id, projectIds))
    : []
  const trust = await db.select().from(conversationTrust)
  const isTrusted = (authorUrl: string | null) => {
    if (!authorUrl) return false
    const author = authorKey(authorUrl)
    const host = domainKey(authorUrl) ?? ''
    return trust.some((entry) =>
      entry.type === 'author'
        ? entry.value === author
        : host === entry.value || host.endsWith(`.${entry.value}`),
    )
  }
  return rows.map((row) => {
    const target =
      row.target_type === 'note'
        ? noteRows.find((each) => each.id === row.target_id)
        : projectRows.find((each) => each.id === row.target_id)
    return {
      ...toConversation(row),
      target_title: target?.title ?? null,
      target_path: target
        ? `/${row.target_type === 'note' ? 'notes' : 'projects'}/${encodeURIComponent(target.slug)}`
        : null,
      trusted: isTrusted(row.author_url),
    }
  })
}

/** How many wait for the owner (the navigation's count). */
export async function pendingConversations(db: Db): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(conversations)
    .where(eq(conversations.status, 'pending'))
  return Number(row?.value ?? 0)
}

export async function setConversationStatus(
  deps: Pick<ConversationDeps, 'db' | 'now'>,
  id: number,
  status: ConversationStatus,
): Promise<Conversation> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(conversations)
      .set({ status, updated_at: deps.now() })
      .where(eq(conversations.id, id))
      .returning()
    if (!row) throw notFound()
    await bumpContentVersion(tx)
    return toConversation(row)
  })
}

/** Moves the conversation to the Trash; 404 when there is none. */
export function deleteConversation(db: Db, id: number): Promise<void> {
  return db.transaction((tx) => moveToTrash(tx, 'conversation', id))
}

async function approveTrusted(tx: Tx, now: Date): Promise<number> {
  const trust = await tx.select().from(conversationTrust)
  const pending = await tx
    .select({ id: conversations.id, author_url: conversations.author_url })
    .from(conversations)
    .where(eq(conversations.status, 'pending'))
  const ids = pending
    .filter((row) => {
      if (!row.author_url) return false
      const author = authorKey(row.author_url)
      const host = domainKey(row.author_url) ?? ''
      return trust.some((entry) =>
        entry.type === 'author'
          ? entry.value === author
          : host === entry.value || host.endsWith(`.${entry.value}`),
      )
    })
    .map((row) => row.id)
  if (ids.length === 0) return 0
  await tx
    .update(conversations)
    .set({ status: 'approved', updated_at: now })
    .where(inArray(conversations.id, ids))
  return ids.length
}

/**
 * Always trust the author (their URL) or the domain of conversation `id`: it and every other
 * pending one from them are approved now, and later ones as they arrive.
 */
export async function trustConversationAuthor(
  deps: Pick<ConversationDeps, 'db' | 'now'>,
  id: number,
  type: TrustType,
): Promise<TrustEntry> {
  const now = deps.now()
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ author_url: conversations.author_url })
      .from(conversations)
      .where(eq(conversations.id, id))
      .limit(1)
    if (!row) throw notFound()
    const value = row.author_url
      ? type === 'author'
        ? authorKey(row.author_url)
        : domainKey(row.author_url)
      : null
    if (!value) {
      throw new NotFoundError('This conversation names no author address to trust.')
    }
    await tx
      .insert(conversationTrust)
      .values({ type, value, created_at: now })
      .onConflictDoNothing()
    const [entry] = await tx
      .select()
      .from(conversationTrust)
      .where(and(eq(conversationTrust.type, type), eq(conversationTrust.value, value)))
    if (!entry) throw new Error('trust entry not stored')
    await approveTrusted(tx, now)
    await bumpContentVersion(tx)
    return { id: entry.id, type: entry.type, value: entry.value, created_at: iso(entry.created_at) }
  })
}

export async function listTrust(db: Db): Promise<TrustEntry[]> {
  const rows = await db.select().from(conversationTrust).orderBy(asc(conversationTrust.id))
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    value: row.value,
    created_at: iso(row.created_at),
  }))
}

/** Takes an author or domain off the trust list (what it approved stays approved). */
export async function untrust(db: Db, id: number): Promise<void> {
  const gone = await db
    .delete(conversationTrust)
    .where(eq(conversationTrust.id, id))
    .returning({ id: conversationTrust.id })
  if (gone.length === 0) throw new NotFoundError('Nothing on the trust list has that id.')
}

// ---- The public pages ----

function toPublic(row: ConversationRow): PublicConversation {
  return {
    id: row.id,
    network: row.network,
    kind: row.kind,
    url: row.url,
    author_name: row.author_name,
    author_url: row.author_url,
    author_photo: row.author_photo,
    content_html: row.content_html,
    content_text: row.content_text,
    published_at: row.published_at ? iso(row.published_at) : null,
  }
}

/** The approved conversations of a note or project, as its page shows them. */
export async function publicConversations(
  db: Db,
  target: ConversationTarget,
): Promise<PublicConversations> {
  const rows = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.target_type, target.type),
        eq(conversations.target_id, target.id),
        eq(conversations.status, 'approved'),
      ),
    )
    .orderBy(
      asc(sql`coalesce(${conversations.published_at}, ${conversations.created_at})`),
      asc(conversations.id),
    )
  return {
    replies: rows.filter((row) => row.kind !== 'like' && row.kind !== 'repost').map(toPublic),
    likes: rows.filter((row) => row.kind === 'like').map(toPublic),
    reposts: rows.filter((row) => row.kind === 'repost').map(toPublic),
  }
}
