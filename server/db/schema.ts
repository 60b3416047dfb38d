import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { contentKindNames, revisionKindNames } from '../../src/domain/content-kinds'
import { SEO_SCREENS } from '../../src/domain/seo-screens'

/** A full-text search document (PostgreSQL `tsvector`); only ever computed by the database. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/**
 * The weighted search documents of site search (server/services/search.ts),
 * one expression each, used by the GIN index and by the queries alike (an
 * expression index serves only a query that repeats it exactly). Projects
 * and timeline events index an expression rather than keep a generated
 * column, so their rows (backups, audit diffs, API answers) stay as they
 * are; notes keep theirs as a generated column. English stemming: "running"
 * finds "run". `search_list_text` is an IMMUTABLE array_to_string (migration).
 */
export const searchDocuments = {
  projects: sql`(setweight(to_tsvector('english', coalesce("projects"."title", '')), 'A') || setweight(to_tsvector('english', coalesce("projects"."description", '') || ' ' || search_list_text("projects"."tags")), 'B') || setweight(to_tsvector('english', coalesce("projects"."long_description", '')), 'C'))`,
  timeline: sql`(setweight(to_tsvector('english', coalesce("timeline_events"."title", '')), 'A') || setweight(to_tsvector('english', coalesce("timeline_events"."position", '')), 'B') || setweight(to_tsvector('english', search_list_text("timeline_events"."description")), 'C'))`,
}

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}

/**
 * What a public item may say to search engines and link previews instead
 * of what is made from it (docs/architecture.md, "Search and sharing"): its
 * own description, a share image from the media library (else the generated
 * card), a canonical address (a note first published elsewhere), and
 * `noindex` (left out of the sitemap too). Each kind with a public page
 * spreads these into its table.
 */
export const seoColumns = () => ({
  seo_description: text('seo_description'),
  share_image: text('share_image'),
  canonical_url: text('canonical_url'),
  noindex: boolean('noindex').notNull().default(false),
})

export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    /** The current slug; earlier ones stay in project_slugs. */
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    long_description: text('long_description').notNull(),
    website_url: text('website_url'),
    image_urls: text('image_urls').array().notNull().default(sql`'{}'::text[]`),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    is_featured: boolean('is_featured').notNull().default(false),
    /** False: a draft, shown only to the signed-in admin (never on a public page, list or file). */
    is_published: boolean('is_published').notNull().default(true),
    repo_url: text('repo_url'),
    /** Free text, as the owner writes it ("Lead developer"). */
    role: text('role'),
    /** Free text, like a timeline event's dates ("Spring 2024"). */
    period: text('period'),
    /**
     * The manual order, ascending: lists read `sort_order, id desc`. A new
     * project takes one less than the smallest, so it comes first; a reorder
     * rewrites them all as 0…n-1. Never sent to clients: the order is the
     * lists' order.
     */
    sort_order: integer('sort_order').notNull().default(0),
    ...seoColumns(),
    ...timestamps,
  },
  (table) => [
    index('projects_sort_order_idx').on(table.sort_order, table.id),
    index('projects_search_idx').using('gin', searchDocuments.projects),
  ],
)

/** Every slug a project has ever had, so old links keep answering after a title edit. */
export const projectSlugs = pgTable(
  'project_slugs',
  {
    slug: text('slug').primaryKey(),
    project_id: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    created_at: timestamps.created_at,
  },
  (table) => [index('project_slugs_project_id_idx').on(table.project_id)],
)

export const timelineEvents = pgTable(
  'timeline_events',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    start_date: text('start_date').notNull(),
    end_date: text('end_date'),
    position: text('position').notNull().default(''),
    icon_path: text('icon_path'),
    description: text('description').array().notNull().default(sql`'{}'::text[]`),
    event_type: text('event_type', { enum: ['experience', 'education'] })
      .notNull()
      .default('experience'),
    /** The manual order, as for projects (`sort_order, id desc`; a new event comes first). */
    sort_order: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    check(
      'timeline_events_event_type_check',
      sql`${table.event_type} in ('experience', 'education')`,
    ),
    index('timeline_events_sort_order_idx').on(table.sort_order, table.id),
    index('timeline_events_search_idx').using('gin', searchDocuments.timeline),
  ],
)

/**
 * Notes: dated writing at `/notes/{slug}`. `status` is what the owner chose
 * (draft or published); a published note whose `published_at` is still to
 * come is scheduled, and goes live when the publishing job claims it
 * (server/services/note-publishing.ts) by setting `went_live_at`. Public
 * reads ask for `went_live_at is not null`: a note is public exactly from
 * the transaction that claimed it, which also bumps the content version, so
 * every instance's cache refreshes with it.
 */
export const notes = pgTable(
  'notes',
  {
    id: serial('id').primaryKey(),
    /** The current slug; earlier ones stay in note_slugs. */
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    /** Markdown, rendered by the same renderer as project descriptions. */
    body: text('body').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    cover_url: text('cover_url'),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    /** When it goes (or went) live; null for a draft without a time. */
    published_at: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    /** Set once, by the write or the job that made it public; null while not public. */
    went_live_at: timestamp('went_live_at', { withTimezone: true, mode: 'date' }),
    /** "Discussion on": the Mastodon or Bluesky post about it, whose replies are fetched; null: none. */
    discussion_url: text('discussion_url'),
    /** The owner's "email to subscribers" (server/services/newsletter/). */
    email_subscribers: boolean('email_subscribers').notNull().default(false),
    ...seoColumns(),
    ...timestamps,
    /** Site search: title first, then summary and tags, then the body. */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(summary, '') || ' ' || search_list_text(tags)), 'B') || setweight(to_tsvector('english', coalesce(body, '')), 'C')`,
      ),
  },
  (table) => [
    check('notes_status_check', sql`${table.status} in ('draft', 'published')`),
    // The public list and feeds: live notes, newest first.
    index('notes_published_idx').on(table.published_at, table.id),
    // The job's question: published, not yet live.
    index('notes_due_idx')
      .on(table.published_at)
      .where(sql`${table.status} = 'published' and ${table.went_live_at} is null`),
    index('notes_search_idx').using('gin', table.search),
  ],
)

/** Every slug a note has ever had, so old links keep answering after a title edit. */
export const noteSlugs = pgTable(
  'note_slugs',
  {
    slug: text('slug').primaryKey(),
    note_id: integer('note_id')
      .notNull()
      .references(() => notes.id, { onDelete: 'cascade' }),
    created_at: timestamps.created_at,
  },
  (table) => [index('note_slugs_note_id_idx').on(table.note_id)],
)

/** Messages: what visitors send through the contact form (the owner's inbox). */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    /**
     * `unread` when it arrives, `read` once opened, `archived`, or `spam`
     * (the form's signals said so, or the owner did): spam is kept, never
     * dropped, so a false positive can be rescued.
     */
    status: text('status', { enum: ['unread', 'read', 'archived', 'spam'] })
      .notNull()
      .default('unread'),
    ...timestamps,
  },
  (table) => [
    index('messages_created_at_idx').on(table.created_at, table.id),
    index('messages_status_idx').on(table.status, table.created_at),
    check('messages_status_check', sql`${table.status} in ('unread', 'read', 'archived', 'spam')`),
  ],
)

/**
 * Alerts waiting to be sent (the transactional outbox): written in the same
 * transaction as the message they announce, so a message is never stored
 * without its alerts. A worker on each instance claims due rows with
 * `FOR UPDATE SKIP LOCKED` (one instance per row), sends, and sets
 * `sent_at`; a failure moves `next_attempt_at` on by a growing back-off.
 * A claim also moves `next_attempt_at` (a lease): an instance that dies
 * mid-send leaves the row to be taken again once the lease is over.
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: serial('id').primaryKey(),
    /** The alert's stable id: the email's Message-ID and the webhook's `id`. */
    alert_id: text('alert_id').notNull().unique(),
    channel: text('channel', { enum: ['email', 'webhook'] }).notNull(),
    /** What the alert says (the message as sent, or a test), so a later delete does not lose it. */
    payload: jsonb('payload')
      .$type<{
        kind: 'message' | 'test' | 'conversation'
        message_id?: number
        name?: string
        email?: string
        message?: string
        /** A conversation's (kind `conversation`): its id, what it is and where it came from. */
        conversation_id?: number
        conversation_kind?: string
        network?: string
        url?: string | null
        created_at: string
      }>()
      .notNull(),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    sent_at: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    last_error: text('last_error'),
    last_error_at: timestamp('last_error_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [
    index('notification_outbox_due_idx')
      .on(table.next_attempt_at)
      .where(sql`${table.sent_at} is null`),
    check('notification_outbox_channel_check', sql`${table.channel} in ('email', 'webhook')`),
  ],
)

/**
 * Secrets the server makes for itself on first use and every instance on the
 * database shares (the contact form token's HMAC key): random, never sent.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  created_at: timestamps.created_at,
})

/**
 * The one-time set-up token while no admin exists (a single row, id = 1):
 * only its SHA-256 is kept; the token itself is printed and written to
 * DATA_DIR/setup-token. Removed once the admin is created.
 */
export const setupToken = pgTable(
  'setup_token',
  {
    id: integer('id').primaryKey().default(1),
    token_hash: text('token_hash').notNull(),
    created_at: timestamps.created_at,
  },
  (table) => [check('setup_token_single_row', sql`${table.id} = 1`)],
)

export const adminUsers = pgTable('admin_users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  password_hash: text('password_hash').notNull(),
  ...timestamps,
})

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 of the bearer token; the token itself is never stored. */
    token_hash: text('token_hash').notNull().unique(),
    user_id: integer('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    last_used_at: timestamp('last_used_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    revoked_at: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** The client address that signed in, then the last one seen (updated with last_used_at). */
    ip: text('ip'),
    /** The browser's User-Agent at sign-in (cut to 512 characters), shown in the session list. */
    user_agent: text('user_agent'),
    ...timestamps,
  },
  (table) => [
    index('sessions_expires_at_idx').on(table.expires_at),
    index('sessions_user_id_idx').on(table.user_id),
  ],
)

/**
 * The owner's second factor (TOTP, RFC 6238). A row with `enabled_at` null
 * is an enrolment under way (the secret shown, no code confirmed yet); a
 * sign-in asks for a code only once `enabled_at` is set. Kept in backups,
 * so a restore does not silently turn two-factor sign-in off.
 */
export const twoFactor = pgTable('two_factor', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => adminUsers.id, { onDelete: 'cascade' }),
  /** The shared secret, base32. Never sent to a client after enrolment. */
  secret: text('secret').notNull(),
  enabled_at: timestamp('enabled_at', { withTimezone: true, mode: 'date' }),
  /**
   * The highest TOTP time step (30 s) accepted so far: a code is accepted
   * only for a later step, so a code seen by someone else cannot be replayed.
   */
  last_step: bigint('last_step', { mode: 'number' }),
  /**
   * SHA-256 of each unused recovery code (80 random bits each, so a plain
   * hash cannot be brute-forced); a code used is removed in the same statement
   * that accepts it.
   */
  recovery_code_hashes: text('recovery_code_hashes').array().notNull().default(sql`'{}'::text[]`),
  ...timestamps,
})

/**
 * The step between a correct password and the authentication code: the
 * opaque challenge handed to the client, stored as its SHA-256 (in the
 * database, so any instance can finish the sign-in). Single use, five
 * minutes, at most five wrong codes.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: serial('id').primaryKey(),
    token_hash: text('token_hash').notNull().unique(),
    user_id: integer('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    failures: integer('failures').notNull().default(0),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    created_at: timestamps.created_at,
  },
  (table) => [index('sign_in_challenges_expires_at_idx').on(table.expires_at)],
)

/**
 * The owner's passkeys (WebAuthn credentials). Each is bound to the relying
 * party it was made for (`rp_id`: SITE_URL's host when it was registered):
 * a browser offers it only on that host, so after a move to another domain
 * the admin lists it as belonging to another site. The public key is not a
 * secret; it is kept in backups so a restore keeps them.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    /** The credential id the authenticator chose (base64url): how an assertion names it. */
    credential_id: text('credential_id').notNull().unique(),
    /** The COSE public key (base64url) the assertions are verified with. */
    public_key: text('public_key').notNull(),
    /**
     * The signature counter last seen: an assertion with a counter not above
     * it (when either is non-zero) is refused, as a cloned authenticator's would be.
     */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** How the browser can reach it (`internal`, `hybrid`, `usb`…), given back in later ceremonies. */
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    /** `singleDevice` or `multiDevice` (the backup-eligible flag, fixed for a credential's life). */
    device_type: text('device_type').notNull(),
    /** Whether it is backed up now (synced by a password manager or a platform): may change. */
    backed_up: boolean('backed_up').notNull().default(false),
    /** The relying party (a host) it was registered for. */
    rp_id: text('rp_id').notNull(),
    /** The owner's name for it ("Phone", "YubiKey"). */
    name: text('name').notNull(),
    last_used_at: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [index('passkeys_user_id_idx').on(table.user_id)],
)

/**
 * A passkey ceremony under way: the challenge the browser must sign, kept
 * in the database so any instance can finish a ceremony another started.
 * Single use (deleted by the statement that accepts it), five minutes.
 * `user_id` is set for a registration (the signed-in owner), null for a
 * sign-in (the passkey says who); `ip` caps how many one address may hold.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: serial('id').primaryKey(),
    /** base64url, as it appears in the browser's client data. */
    challenge: text('challenge').notNull().unique(),
    purpose: text('purpose', { enum: ['registration', 'authentication'] }).notNull(),
    user_id: integer('user_id').references(() => adminUsers.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    created_at: timestamps.created_at,
  },
  (table) => [
    index('passkey_challenges_expires_at_idx').on(table.expires_at),
    index('passkey_challenges_ip_idx').on(table.ip),
  ],
)

/**
 * What happened to the account and the content: sign-ins and their
 * failures, lockouts, two-factor changes, sessions revoked, every admin
 * write. Never a password, token, secret or code. Rows older than 180 days
 * are deleted (server/services/audit.ts).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    /** `auth.login`, `auth.login_failed`, `projects.update`…: a procedure path or a sign-in event. */
    action: text('action').notNull(),
    ip: text('ip'),
    /** The username signed in (or tried), when known. */
    actor: text('actor'),
    /** What it was about, in a few words (`project 3 "Title"`), when anything. */
    target: text('target'),
    /** The redacted particulars: ids, titles, the names of the fields sent, a reason. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  },
  (table) => [
    index('audit_log_created_at_idx').on(table.created_at, table.id),
    index('audit_log_action_idx').on(table.action, table.created_at),
  ],
)

/**
 * Browsers that have signed in successfully (OWASP's "device cookies"): the
 * cookie holds a random token, stored here only as its SHA-256. A sign-in
 * presenting one is throttled per device, so guessing from elsewhere cannot
 * lock the owner's own browser out.
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: serial('id').primaryKey(),
    token_hash: text('token_hash').notNull().unique(),
    user_id: integer('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    last_used_at: timestamp('last_used_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    ...timestamps,
  },
  (table) => [index('trusted_devices_user_id_idx').on(table.user_id)],
)

/** The owner's profile: a single row (id = 1). */
export const profile = pgTable(
  'profile',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull(),
    /** Null: not given (no age line). */
    birth_year: integer('birth_year'),
    /** Off: the home page leaves the age line out even with a birth year. */
    show_age: boolean('show_age').notNull().default(true),
    email: text('email').notNull(),
    university: text('university').notNull(),
    major: text('major').notNull(),
    focus: text('focus').notNull(),
    minor: text('minor').notNull(),
    /** Empty: the greeting is made from the current name ("Hi, I'm {name}!"), so it follows a rename. */
    headline: text('headline').notNull(),
    /** Markdown, rendered (sanitised like project descriptions) as the "About" section. */
    bio: text('bio').notNull().default(''),
    skills: jsonb('skills').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    location: text('location').notNull().default(''),
    /** Any number of `{ label, url }`, rendered with rel="me". */
    links: jsonb('links')
      .$type<{ label: string; url: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    linkedin_url: text('linkedin_url').notNull(),
    github_url: text('github_url').notNull(),
    photo_url: text('photo_url').notNull(),
    /** The site's accent colour, `#rrggbb` (the default: the indigo the site started with). */
    accent_color: text('accent_color').notNull().default('#4f46e5'),
    /** The owner's fediverse account, `@user@instance`: `<meta name="fediverse:creator">`; empty: none. */
    fediverse_account: text('fediverse_account').notNull().default(''),
    /** The owner's Bluesky DID (`did:plc:…`, `did:web:…`), answered at /.well-known/atproto-did; empty: none. */
    atproto_did: text('atproto_did').notNull().default(''),
    /** The owner's ORCID iD (`0000-0002-1825-0097`): linked on the pages, the ORCID sync's default; empty: none. */
    orcid: text('orcid').notNull().default(''),
    ...timestamps,
  },
  (table) => [check('profile_single_row', sql`${table.id} = 1`)],
)

/**
 * How the public pages look: the owner's site style (src/schemas/appearance.ts).
 * A single row (id = 1), written by the first choice; no row: the default style.
 */
export const appearance = pgTable(
  'appearance',
  {
    id: integer('id').primaryKey().default(1),
    style: text('style').notNull().default('minimal'),
    ...timestamps,
  },
  (table) => [
    check('appearance_single_row', sql`${table.id} = 1`),
    check('appearance_style', sql`${table.style} in ('minimal', 'editorial', 'bold')`),
  ],
)

/**
 * Abuse counters: failed sign-ins per submitted username (`user:<name>`) and
 * per client IP (`ip:<address>`), messages per IP (`contact:<address>`, the act of contacting).
 * In the database so a restart does not reset them.
 */
export const throttleCounters = pgTable('throttle_counters', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  /** Lockouts in a row; each one lasts longer. */
  lockouts: integer('lockouts').notNull().default(0),
  window_started_at: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull(),
  locked_until: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
  ...timestamps,
})

/**
 * One row (id = 1) counting writes to public content (projects, slugs,
 * timeline events, profile). Every such write bumps it in its own
 * transaction (server/db/content-version.ts), so each server instance
 * on the same database learns with one single-row read that its cache of
 * rendered pages and API answers is out of date.
 */
export const contentVersion = pgTable(
  'content_version',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    updated_at: timestamps.updated_at,
  },
  (table) => [check('content_version_single_row', sql`${table.id} = 1`)],
)

/**
 * Uploaded images (the media library). The files live in the media store
 * (DATA_DIR/media or an S3 bucket) under keys derived from the SHA-256 of
 * the uploaded bytes, so the same upload twice is one row and one set of
 * files. Pages refer to an image by its URL (`/media/<key>`), in project
 * image lists, timeline icons and the profile photo.
 */
export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 (hex) of the bytes as uploaded. */
    hash: text('hash').notNull().unique(),
    /** The full-size fallback's key in the media store (`<hash>.jpg`). */
    key: text('key').notNull().unique(),
    content_type: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Size of the full-size fallback. */
    bytes: integer('bytes').notNull(),
    alt: text('alt').notNull().default(''),
    /** The display name: the uploaded file's name, editable; the key stays content-addressed. */
    name: text('name').notNull().default(''),
    /** Resized variants, ascending by width: `{ width, key, content_type, bytes }`. */
    variants: jsonb('variants')
      .$type<{ width: number; key: string; content_type: string; bytes: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** A data: URL shown until the image arrives. */
    placeholder: text('placeholder').notNull(),
    ...timestamps,
  },
  (table) => [index('media_created_at_idx').on(table.created_at, table.id)],
)

/**
 * The CV the owner uploaded (a PDF), served at /cv.pdf instead of the one
 * the server makes from the content. A single row (id = 1) or none: none
 * means the generated CV. The file lives in the media store under
 * `<sha256>.pdf`, so every instance on the same database and store sees it.
 */
export const cvFile = pgTable(
  'cv_file',
  {
    id: integer('id').primaryKey().default(1),
    key: text('key').notNull(),
    bytes: integer('bytes').notNull(),
    /** The name the file had on the owner's computer, shown in the admin. */
    file_name: text('file_name').notNull().default(''),
    ...timestamps,
  },
  (table) => [check('cv_file_single_row', sql`${table.id} = 1`)],
)

/**
 * Named links the owner sends with an application ("Acme — summer
 * internship"): `/r/{code}` redirects to `target_path?ref={code}`, and every
 * page view with `?ref={code}` (and the visitor's later views that day) is
 * counted for the link. The code is random (server/services/share-links.ts),
 * so one company cannot guess another's link. Deleting a link leaves the
 * site's totals as they were: the counts keep its id, nothing lists it.
 */
export const shareLinks = pgTable('share_links', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  target_path: text('target_path').notNull(),
  /** The first and last view through the link (null: none yet), moved by each flush of the counts. */
  first_seen_at: timestamp('first_seen_at', { withTimezone: true, mode: 'date' }),
  last_seen_at: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }),
  created_at: timestamps.created_at,
})

/**
 * Page views per UTC day, counted on the server (server/services/analytics.ts):
 * one row per day, page path, referring host, device class and share link,
 * added to by every instance's flush (`views = views + excluded.views`), so
 * several instances on one PostgreSQL add up. No IP, no User-Agent, no
 * visitor: only the counts.
 */
export const analyticsViews = pgTable(
  'analytics_views',
  {
    day: date('day', { mode: 'string' }).notNull(),
    path: text('path').notNull(),
    /** The referring site's host name; '' for none (typed address, own site, hidden). */
    referrer_host: text('referrer_host').notNull().default(''),
    /** 'mobile', 'tablet' or 'desktop' (src/domain/device-class.ts). */
    device: text('device').notNull(),
    /** The share link the view came through; 0 for none (no foreign key: a deleted link's counts stay). */
    share_link_id: integer('share_link_id').notNull().default(0),
    views: integer('views').notNull().default(0),
  },
  (table) => [
    primaryKey({
      columns: [table.day, table.path, table.referrer_host, table.device, table.share_link_id],
    }),
  ],
)

/**
 * Unique visitors per UTC day (Plausible's method): the SHA-256 of that
 * day's random salt, the client's IP and its User-Agent. The salt is deleted
 * once the day is over, so a stored hash can no longer be tied to an address
 * or a browser, nor to the same visitor's hash of another day. One row per
 * visitor and day (share_link_id 0), and one more per share link the visitor
 * came through that day. The IP and User-Agent themselves are never stored.
 */
export const analyticsVisitors = pgTable(
  'analytics_visitors',
  {
    day: date('day', { mode: 'string' }).notNull(),
    share_link_id: integer('share_link_id').notNull().default(0),
    /** The hash's first 22 base64url characters (132 bits). */
    visitor: text('visitor').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.share_link_id, table.visitor] }),
    // A visitor's share links of the day, looked up when their later views are written.
    index('analytics_visitors_visitor_idx').on(table.day, table.visitor),
  ],
)

/**
 * The visitor salt of each UTC day: random, made by whichever instance
 * counts the day's first visitor (the others read it), and deleted by the
 * first flush after the day is over.
 */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
})

/**
 * Periodic work shared by every instance (server/jobs/): one row per job,
 * claimed by one instance at a time. An instance takes a due, free row
 * (`FOR UPDATE SKIP LOCKED`), sets a lease, runs the job and sets the next
 * run; a holder killed mid-run leaves its lease to expire and another
 * instance takes the job then.
 */
export const jobs = pgTable('jobs', {
  name: text('name').primaryKey(),
  next_run_at: timestamp('next_run_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** Until when the instance in `locked_by` holds the job; null or past: free. */
  locked_until: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
  /** Which instance holds (or last held) it: host, pid and a random part. */
  locked_by: text('locked_by'),
  last_started_at: timestamp('last_started_at', { withTimezone: true, mode: 'date' }),
  last_finished_at: timestamp('last_finished_at', { withTimezone: true, mode: 'date' }),
  last_error: text('last_error'),
  runs: integer('runs').notNull().default(0),
})
/** What the server keeps of a GitHub repository (the API's answer, trimmed): see `githubRepositories`. */
export interface StoredRepository {
  full_name: string
  description: string | null
  stars: number
  forks: number
  open_issues: number
  language: string | null
  languages: { name: string; share: number }[]
  topics: string[]
  license: string | null
  archived: boolean
  pushed_at: string | null
  html_url: string
  homepage: string | null
  default_branch: string
}

/**
 * GitHub repositories linked from projects (`repo_url`), fetched and kept
 * here so that pages read only stored data. One row per repository (its
 * lower-cased `owner/name`), shared by projects linking the same one; made
 * when a project is saved, due at once. The refresh (server/services/github/)
 * claims due rows with `FOR UPDATE SKIP LOCKED` and moves `next_fetch_at`
 * on by a lease, so each row is fetched by one instance; a request carries
 * the stored ETags, so an unchanged repository answers 304 and costs
 * nothing against the rate limit.
 */
export const githubRepositories = pgTable(
  'github_repositories',
  {
    /** `owner/name`, lower-cased (GitHub's names are case-insensitive). */
    key: text('key').primaryKey(),
    /** The last good answer; null until the first fetch succeeds. */
    data: jsonb('data').$type<StoredRepository>(),
    etag: text('etag'),
    languages_etag: text('languages_etag'),
    /** `ok`, `pending` (never fetched), `unavailable` (404 or 451: hidden from visitors) or `error` (the last fetch failed; the data kept). */
    status: text('status', { enum: ['pending', 'ok', 'unavailable', 'error'] })
      .notNull()
      .default('pending'),
    last_error: text('last_error'),
    last_error_at: timestamp('last_error_at', { withTimezone: true, mode: 'date' }),
    /** When GitHub last answered for it (200 or 304). */
    fetched_at: timestamp('fetched_at', { withTimezone: true, mode: 'date' }),
    /** When it is due again; a claim moves it on by a lease, so a crashed fetch is retried. */
    next_fetch_at: timestamp('next_fetch_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    ...timestamps,
  },
  (table) => [
    index('github_repositories_due_idx').on(table.next_fetch_at),
    check(
      'github_repositories_status_check',
      sql`${table.status} in ('pending', 'ok', 'unavailable', 'error')`,
    ),
  ],
)

/**
 * One row (id = 1): what every instance must know before calling GitHub.
 * `blocked_until`: GitHub's rate limit said stop (`X-RateLimit-Reset` or
 * `Retry-After`); no instance sends a request before it. `manual_refresh_at`:
 * the owner's last "refresh now", which is itself rate limited.
 */
export const githubState = pgTable(
  'github_state',
  {
    id: integer('id').primaryKey().default(1),
    blocked_until: timestamp('blocked_until', { withTimezone: true, mode: 'date' }),
    manual_refresh_at: timestamp('manual_refresh_at', { withTimezone: true, mode: 'date' }),
    updated_at: timestamps.updated_at,
  },
  (table) => [check('github_state_single_row', sql`${table.id} = 1`)],
)

/**
 * Deleted content, kept 30 days (server/services/trash.ts): a delete moves
 * the row out of its table into here, whole (`row`, its columns as JSON),
 * so it leaves every public answer, list, page and cache in the same
 * transaction, and a restore puts it back with its id, its `sort_order` and
 * (for a project) its slugs. A trashed project keeps holding its slugs
 * (`slugs`): a new project with the same title gets the next free one.
 * Rows older than 30 days are purged by `purgeTrash`.
 */
export const trash = pgTable(
  'trash',
  {
    /** A content kind (src/domain/content-kinds.ts): a new kind widens the check below. */
    kind: text('kind', { enum: contentKindNames }).notNull(),
    item_id: integer('item_id').notNull(),
    /** What the Trash screen names it by: a title, a sender, an image's alt text or key. */
    title: text('title').notNull(),
    deleted_at: timestamp('deleted_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    /** The row as it was, its timestamps as ISO strings. */
    row: jsonb('row').$type<Record<string, unknown>>().notNull(),
    /** A project's or a note's current and former slugs, still reserved for it. */
    slugs: text('slugs').array().notNull().default(sql`'{}'::text[]`),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.item_id] }),
    index('trash_deleted_at_idx').on(table.deleted_at),
    check(
      'trash_kind_check',
      sql`${table.kind} in (${sql.raw(contentKindNames.map((kind) => `'${kind}'`).join(', '))})`,
    ),
  ],
)

/**
 * Earlier versions of a project, a page or of the profile (server/services/revisions.ts):
 * each save that changes something keeps the row as it was before it, whole
 * (`row`, JSON), so columns added later need no change here. The last 50
 * per item are kept.
 */
export const revisions = pgTable(
  'revisions',
  {
    id: serial('id').primaryKey(),
    /** A kind that keeps revisions, or `profile` (src/domain/content-kinds.ts): a new one widens the check below. */
    kind: text('kind', { enum: revisionKindNames }).notNull(),
    /** The project's id; 1 for the profile. */
    item_id: integer('item_id').notNull(),
    saved_at: timestamp('saved_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The columns the save changed. */
    changed: text('changed').array().notNull().default(sql`'{}'::text[]`),
    /** The row before the save. */
    row: jsonb('row').$type<Record<string, unknown>>().notNull(),
  },
  (table) => [
    index('revisions_item_idx').on(table.kind, table.item_id, table.id),
    check(
      'revisions_kind_check',
      sql`${table.kind} in (${sql.raw(revisionKindNames.map((kind) => `'${kind}'`).join(', '))})`,
    ),
  ],
)

/**
 * Each restore from a backup, kept across restores (never in a backup): an
 * admin tab whose session the restore ended is told when it happened.
 */
export const backupRestores = pgTable('backup_restores', {
  id: serial('id').primaryKey(),
  restored_at: timestamp('restored_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow(),
  /** When the restored backup was taken. */
  backup_created_at: timestamp('backup_created_at', { withTimezone: true, mode: 'date' }).notNull(),
})

/**
 * What the admin home remembers of this site's setting up: a single row
 * (id = 1). The "Get started" checklist ticks itself from the content and the
 * configuration; the two things it cannot read elsewhere are kept here: when
 * a backup last left the server (the admin's download or `bun run backup`)
 * and when the owner put the checklist away. It also keeps the owner's time
 * zone for the admin's forms. Not in backups: the first two describe this
 * server, and a restored site's owner is shown the checklist again until
 * they take a backup of it; the zone is asked again (the browser's, on the
 * first save that uses it).
 */
export const adminHome = pgTable(
  'admin_home',
  {
    id: integer('id').primaryKey().default(1),
    backup_downloaded_at: timestamp('backup_downloaded_at', { withTimezone: true, mode: 'date' }),
    checklist_dismissed_at: timestamp('checklist_dismissed_at', {
      withTimezone: true,
      mode: 'date',
    }),
    /**
     * The owner's time zone (an IANA name, `Europe/Berlin`) in which the admin
     * shows and takes times, such as a note's publication. Null: not chosen
     * yet (UTC). Times are stored as instants whatever it says.
     */
    time_zone: text('time_zone'),
  },
  (table) => [check('admin_home_single_row', sql`${table.id} = 1`)],
)

/**
 * The owner's own pages (Now, Uses, Reading, Colophon): each at `/{slug}`, an
 * address no fixed route holds (src/domain/reserved-paths.ts). A draft is
 * seen by the signed-in admin only; a published page is public at once.
 * `layout` "list" shows `items` (title, link, note) under the body.
 */
export const pages = pgTable(
  'pages',
  {
    id: serial('id').primaryKey(),
    /** The current slug; earlier ones stay in page_slugs (their addresses answer 301). */
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    /** Markdown, rendered by the same renderer as notes. */
    body: text('body').notNull().default(''),
    layout: text('layout', { enum: ['plain', 'list'] })
      .notNull()
      .default('plain'),
    /** The list layout's items, in the owner's order. */
    items: jsonb('items')
      .$type<{ title: string; url: string | null; note: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    ...seoColumns(),
    ...timestamps,
    /** Site search: the title first, then the body. */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(body, '')), 'C')`,
      ),
  },
  (table) => [
    check('pages_status_check', sql`${table.status} in ('draft', 'published')`),
    check('pages_layout_check', sql`${table.layout} in ('plain', 'list')`),
    index('pages_search_idx').using('gin', table.search),
  ],
)

/** Every slug a page has had, so old links keep answering after an address change. */
export const pageSlugs = pgTable(
  'page_slugs',
  {
    slug: text('slug').primaryKey(),
    page_id: integer('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    created_at: timestamps.created_at,
  },
  (table) => [index('page_slugs_page_id_idx').on(table.page_id)],
)

/**
 * The site's menus (src/schemas/navigation.ts): the header's links in order
 * and the footer's, each a fixed screen, one of the owner's pages or an
 * outside link, shown or hidden, renamed or not. A single row (id = 1); no
 * row: the default menu (the spec's three links, and Notes).
 */
export const navigation = pgTable(
  'navigation',
  {
    id: integer('id').primaryKey().default(1),
    header: jsonb('header').$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    footer: jsonb('footer').$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    ...timestamps,
  },
  (table) => [check('navigation_single_row', sql`${table.id} = 1`)],
)

/**
 * Where alerts go, as the owner set it in Settings → Notifications: a single
 * row (id = 1). The password and the webhook's address are sealed
 * (server/secret-box.ts: `v1.<key id>.…`), never stored in clear; the
 * environment's `SMTP_URL` / `NOTIFY_WEBHOOK_URL` win over them when set. Read
 * on every use, so a change applies at once on every instance. In backups,
 * sealed as stored.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    id: integer('id').primaryKey().default(1),
    smtp_host: text('smtp_host').notNull().default(''),
    smtp_port: integer('smtp_port').notNull().default(587),
    smtp_security: text('smtp_security', { enum: ['tls', 'starttls', 'none'] })
      .notNull()
      .default('starttls'),
    smtp_user: text('smtp_user').notNull().default(''),
    /** Sealed; null: none. */
    smtp_password: text('smtp_password'),
    /** The sender; empty: `Portfolio <portfolio@{site host}>`. */
    email_from: text('email_from').notNull().default(''),
    /** The recipient; empty: the profile's email. */
    email_to: text('email_to').notNull().default(''),
    /** Sealed (a webhook's address is its credential); null: none. */
    webhook_url: text('webhook_url'),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    check('notification_settings_single_row', sql`${table.id} = 1`),
    check(
      'notification_settings_security_check',
      sql`${table.smtp_security} in ('tls', 'starttls', 'none')`,
    ),
    check('notification_settings_port_check', sql`${table.smtp_port} between 1 and 65535`),
  ],
)

/**
 * The same overrides for the site's fixed screens (home, projects, notes,
 * the CV), set in Settings → Search & sharing: one row per screen that has
 * any. A canonical address elsewhere makes no sense for them; the rest is
 * the items' `seoColumns`.
 */
export const screenSeo = pgTable(
  'screen_seo',
  {
    screen: text('screen', { enum: SEO_SCREENS }).primaryKey(),
    seo_description: text('seo_description'),
    share_image: text('share_image'),
    noindex: boolean('noindex').notNull().default(false),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    check(
      'screen_seo_screen_check',
      sql`${table.screen} in (${sql.raw(SEO_SCREENS.map((screen) => `'${screen}'`).join(', '))})`,
    ),
  ],
)

/**
 * The scholarly record (docs/publications.md): publications, each at
 * `/publications/{slug}`, with a manual order, drafts, former slugs and
 * revisions. Authors keep their order; the owner's own entry is marked
 * (`is_owner`) so every list can emphasise it. `orcid_put_code`: the work's
 * id in the owner's ORCID record, what a re-sync matches on.
 */
export const publications = pgTable(
  'publications',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    type: text('type', {
      enum: [
        'journal-article',
        'conference-paper',
        'preprint',
        'thesis',
        'book',
        'chapter',
        'report',
        'software',
        'dataset',
      ],
    }).notNull(),
    title: text('title').notNull(),
    authors: jsonb('authors')
      .$type<
        { given: string | null; family: string | null; literal: string | null; is_owner: boolean }[]
      >()
      .notNull()
      .default(sql`'[]'::jsonb`),
    venue: text('venue'),
    year: integer('year'),
    /** `YYYY-MM-DD` or `YYYY-MM` when more than the year is known. */
    date: text('date'),
    volume: text('volume'),
    issue: text('issue'),
    pages: text('pages'),
    /** Lower-case, without `https://doi.org/`. */
    doi: text('doi'),
    arxiv_id: text('arxiv_id'),
    url: text('url'),
    /** An uploaded file's address (`/media/…`) or an outside link. */
    pdf_url: text('pdf_url'),
    code_url: text('code_url'),
    slides_url: text('slides_url'),
    /** Markdown. */
    abstract: text('abstract').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** The key it had in a BibTeX file, kept for the export. */
    citation_key: text('citation_key'),
    /** Shown under "Selected publications" on the home page. */
    selected: boolean('selected').notNull().default(false),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    /** The manual order, as for projects (`sort_order, id desc`). */
    sort_order: integer('sort_order').notNull().default(0),
    orcid_put_code: integer('orcid_put_code'),
    ...seoColumns(),
    ...timestamps,
    /** Site search: the title first, then venue and tags, then the abstract. */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(venue, '')), 'B') || setweight(to_tsvector('english', coalesce(abstract, '')), 'C')`,
      ),
  },
  (table) => [
    check(
      'publications_type_check',
      sql`${table.type} in ('journal-article', 'conference-paper', 'preprint', 'thesis', 'book', 'chapter', 'report', 'software', 'dataset')`,
    ),
    check('publications_status_check', sql`${table.status} in ('draft', 'published')`),
    index('publications_sort_order_idx').on(table.sort_order, table.id),
    index('publications_doi_idx').on(table.doi),
    index('publications_search_idx').using('gin', table.search),
  ],
)

/** Every slug a publication has had, so old links keep answering after an address change. */
export const publicationSlugs = pgTable(
  'publication_slugs',
  {
    slug: text('slug').primaryKey(),
    publication_id: integer('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    created_at: timestamps.created_at,
  },
  (table) => [index('publication_slugs_publication_id_idx').on(table.publication_id)],
)

/**
 * Citation counts by DOI, from OpenAlex (server/services/citations.ts), kept
 * so that pages read only stored data. A failed fetch keeps the last good
 * count and its `fetched_at`. Claimed like GitHub's repositories: a claim
 * moves `next_fetch_at` on by a lease.
 */
export const publicationCitations = pgTable(
  'publication_citations',
  {
    doi: text('doi').primaryKey(),
    openalex_id: text('openalex_id'),
    cited_by_count: integer('cited_by_count'),
    etag: text('etag'),
    /** When OpenAlex last answered for it (200 or 304). */
    fetched_at: timestamp('fetched_at', { withTimezone: true, mode: 'date' }),
    last_error: text('last_error'),
    last_error_at: timestamp('last_error_at', { withTimezone: true, mode: 'date' }),
    next_fetch_at: timestamp('next_fetch_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    ...timestamps,
  },
  (table) => [index('publication_citations_due_idx').on(table.next_fetch_at)],
)

/** Talks: given at an event, in person or online; newest first on `/talks`. */
export const talks = pgTable(
  'talks',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    event: text('event').notNull().default(''),
    /** `YYYY-MM-DD`. */
    date: text('date').notNull(),
    place: text('place').notNull().default(''),
    online: boolean('online').notNull().default(false),
    type: text('type', { enum: ['talk', 'poster', 'invited', 'keynote'] })
      .notNull()
      .default('talk'),
    /** Markdown. */
    abstract: text('abstract').notNull().default(''),
    slides_url: text('slides_url'),
    video_url: text('video_url'),
    recording_url: text('recording_url'),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    ...timestamps,
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(event, '')), 'B') || setweight(to_tsvector('english', coalesce(abstract, '')), 'C')`,
      ),
  },
  (table) => [
    check('talks_type_check', sql`${table.type} in ('talk', 'poster', 'invited', 'keynote')`),
    check('talks_status_check', sql`${table.status} in ('draft', 'published')`),
    index('talks_search_idx').using('gin', table.search),
  ],
)

/** Teaching: a course taught, with the owner's role and its terms; in the owner's order. */
export const teaching = pgTable(
  'teaching',
  {
    id: serial('id').primaryKey(),
    course: text('course').notNull(),
    institution: text('institution').notNull().default(''),
    role: text('role').notNull().default(''),
    terms: jsonb('terms').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Markdown. */
    description: text('description').notNull().default(''),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    sort_order: integer('sort_order').notNull().default(0),
    ...timestamps,
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', coalesce(course, '')), 'A') || setweight(to_tsvector('english', coalesce(institution, '') || ' ' || coalesce(role, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')`,
      ),
  },
  (table) => [
    check('teaching_status_check', sql`${table.status} in ('draft', 'published')`),
    index('teaching_sort_order_idx').on(table.sort_order, table.id),
    index('teaching_search_idx').using('gin', table.search),
  ],
)

/**
 * Conversations: replies, likes, reposts, bookmarks and mentions of a note
 * or a project made elsewhere (a Webmention, a Mastodon or Bluesky post, an
 * ActivityPub activity), held for the owner's moderation
 * (server/services/conversations.ts, docs/social-web.md). One row per
 * source and target: `source` is the source's URL (a Webmention's), the
 * post's URI or a made-up id for a like (`<post>#favourited_by-<account>`),
 * so fetching or receiving it again updates the row instead of adding one.
 * The target is a note or a project by id, without a foreign key: a note in
 * the Trash keeps its conversations for when it comes back. The author's
 * photo is fetched, resized and served from the media store
 * (`author_photo`: a `/media/…` path), never hot-linked.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    /** Where it came from. */
    network: text('network', {
      enum: ['webmention', 'mastodon', 'bluesky', 'activitypub'],
    }).notNull(),
    kind: text('kind', { enum: ['reply', 'like', 'repost', 'bookmark', 'mention'] }).notNull(),
    target_type: text('target_type', { enum: ['note', 'project'] }).notNull(),
    target_id: integer('target_id').notNull(),
    /** The source's URL or id, unique per target. */
    source: text('source').notNull(),
    /** The page a visitor opens to read it there (its `u-url`, the post's page). */
    url: text('url'),
    author_name: text('author_name'),
    author_url: text('author_url'),
    /** The photo as the source names it (fetched again when it changes). */
    author_photo_source: text('author_photo_source'),
    /** The resized copy this site serves (`/media/<key>`), or null. */
    author_photo: text('author_photo'),
    /** Sanitised HTML (never the source's own) and its text. */
    content_html: text('content_html'),
    content_text: text('content_text'),
    published_at: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    /** `pending` until the owner approves it (or trusts its author), `spam` by the rules or the owner. */
    status: text('status', { enum: ['pending', 'approved', 'spam'] })
      .notNull()
      .default('pending'),
    /** When the source was last read (a verification, a fetch, a delivery). */
    fetched_at: timestamp('fetched_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('conversations_source_target_idx').on(
      table.source,
      table.target_type,
      table.target_id,
    ),
    index('conversations_target_idx').on(table.target_type, table.target_id, table.status),
    index('conversations_status_idx').on(table.status, table.created_at),
    check(
      'conversations_network_check',
      sql`${table.network} in ('webmention', 'mastodon', 'bluesky', 'activitypub')`,
    ),
    check(
      'conversations_kind_check',
      sql`${table.kind} in ('reply', 'like', 'repost', 'bookmark', 'mention')`,
    ),
    check('conversations_target_type_check', sql`${table.target_type} in ('note', 'project')`),
    check('conversations_status_check', sql`${table.status} in ('pending', 'approved', 'spam')`),
  ],
)

/**
 * Authors and domains the owner always trusts: a conversation from one is
 * approved as it arrives. `value` is an author's URL (normalised) or a host
 * name (lower case).
 */
export const conversationTrust = pgTable(
  'conversation_trust',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: ['author', 'domain'] }).notNull(),
    value: text('value').notNull(),
    created_at: timestamps.created_at,
  },
  (table) => [
    uniqueIndex('conversation_trust_value_idx').on(table.type, table.value),
    check('conversation_trust_type_check', sql`${table.type} in ('author', 'domain')`),
  ],
)

/**
 * Webmentions received (W3C Webmention): each `source` + `target` once, answered 202 with a
 * status address (`/webmention/<token>`), then verified by the `webmention-verify` job, which
 * claims a due row with `FOR UPDATE SKIP LOCKED` and moves `next_attempt_at` past a lease (as
 * the alert outbox does), so one instance verifies it once. The same pair sent again is queued
 * again (an update or a deletion at the source).
 */
export const webmentions = pgTable(
  'webmentions',
  {
    id: serial('id').primaryKey(),
    /** The status address's secret-free handle (random). */
    token: text('token').notNull().unique(),
    source: text('source').notNull(),
    target: text('target').notNull(),
    /** `queued` until verified; then `accepted`, `rejected` (with why) or `removed` (gone at the source). */
    status: text('status', { enum: ['queued', 'accepted', 'rejected', 'removed'] })
      .notNull()
      .default('queued'),
    /** A sentence saying what the verification found. */
    result: text('result'),
    conversation_id: integer('conversation_id'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    verified_at: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('webmentions_source_target_idx').on(table.source, table.target),
    index('webmentions_due_idx').on(table.next_attempt_at).where(sql`${table.status} = 'queued'`),
    check(
      'webmentions_status_check',
      sql`${table.status} in ('queued', 'accepted', 'rejected', 'removed')`,
    ),
  ],
)

/**
 * The Webmentions this site sends (the durable outbox): one row per note or project version
 * and link target, found by the `webmention-send` job in the live content and in what is no
 * longer live (never called from a save), claimed like the alerts, sent once with retries and back-off; what each endpoint
 * answered is kept for the owner.
 */
export const webmentionOutbox = pgTable(
  'webmention_outbox',
  {
    id: serial('id').primaryKey(),
    source_type: text('source_type', { enum: ['note', 'project'] }).notNull(),
    source_id: integer('source_id').notNull(),
    /**
     * The version sent for: the item's `updated_at` in milliseconds, plus one for each time it
     * went away before (so a restore is a new version); -1, -2… when it went away (to the Trash,
     * out of publication) and the pages it linked to are told so.
     */
    source_version: bigint('source_version', { mode: 'number' }).notNull(),
    /** This site's page (absolute). */
    source: text('source').notNull(),
    /** A page it links to. */
    target: text('target').notNull(),
    /** `pending` until sent; `sent`, `no-endpoint`, or `failed` after the last attempt. */
    status: text('status', { enum: ['pending', 'sent', 'no-endpoint', 'failed'] })
      .notNull()
      .default('pending'),
    endpoint: text('endpoint'),
    /** The endpoint's answer (`202`), or why it was not sent. */
    result: text('result'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    sent_at: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('webmention_outbox_version_target_idx').on(
      table.source_type,
      table.source_id,
      table.source_version,
      table.target,
    ),
    index('webmention_outbox_due_idx')
      .on(table.next_attempt_at)
      .where(sql`${table.status} = 'pending'`),
    check(
      'webmention_outbox_status_check',
      sql`${table.status} in ('pending', 'sent', 'no-endpoint', 'failed')`,
    ),
    check('webmention_outbox_source_type_check', sql`${table.source_type} in ('note', 'project')`),
  ],
)

/**
 * When the replies of a note's "Discussion on" post (Mastodon or Bluesky) were last fetched:
 * one row per note that names one, claimed by the `social-replies` job with a lease
 * (`next_fetch_at` moved past it), so one instance fetches each. A failed fetch keeps what was
 * fetched before and says why.
 */
export const discussionFetches = pgTable('discussion_fetches', {
  note_id: integer('note_id').primaryKey(),
  /** The post's URL the row was fetched for (a changed URL is fetched at once). */
  url: text('url').notNull(),
  next_fetch_at: timestamp('next_fetch_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow(),
  fetched_at: timestamp('fetched_at', { withTimezone: true, mode: 'date' }),
  last_error: text('last_error'),
  ...timestamps,
})

/**
 * Newsletter (docs/newsletter.md): readers who asked for notes by email.
 * One row per address (lower case), whatever its state: `pending` until the
 * confirmation link is followed, `confirmed` (mailed), `unsubscribed` (by
 * the one-click link), `bounced` (a permanent SMTP failure). The consent's
 * time and the hash of the address it came from are kept as evidence of
 * the opt-in; an imported address's consent is the owner's attestation.
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull().unique(),
    state: text('state', { enum: ['pending', 'confirmed', 'unsubscribed', 'bounced'] })
      .notNull()
      .default('pending'),
    /** `form`: the public form; `import`: the owner's CSV. */
    source: text('source', { enum: ['form', 'import'] })
      .notNull()
      .default('form'),
    /** When consent was given (the link followed, or the owner's attestation at import). */
    consent_at: timestamp('consent_at', { withTimezone: true, mode: 'date' }),
    /** A keyed hash of the address the subscription came from (never the address itself). */
    consent_ip_hash: text('consent_ip_hash'),
    confirmed_at: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    unsubscribed_at: timestamp('unsubscribed_at', { withTimezone: true, mode: 'date' }),
    bounced_at: timestamp('bounced_at', { withTimezone: true, mode: 'date' }),
    /** The mail server's answer that made it bounce. */
    bounce_reason: text('bounce_reason'),
    ...timestamps,
  },
  (table) => [
    check(
      'newsletter_subscribers_state_check',
      sql`${table.state} in ('pending', 'confirmed', 'unsubscribed', 'bounced')`,
    ),
    check('newsletter_subscribers_source_check', sql`${table.source} in ('form', 'import')`),
    index('newsletter_subscribers_state_idx').on(table.state),
  ],
)

/**
 * Confirmation links: single use, expiring (`NEWSLETTER_CONFIRM_TTL`). Only
 * the SHA-256 of the token is looked up; the token itself is kept until
 * its email has been handed to the mail server, then erased. The row is
 * also the confirmation email's outbox (claimed with a lease like the sends).
 */
export const newsletterConfirmations = pgTable(
  'newsletter_confirmations',
  {
    token_hash: text('token_hash').primaryKey(),
    subscriber_id: integer('subscriber_id')
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: 'cascade' }),
    /** The token in clear until its email is sent; null afterwards. */
    token: text('token'),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    mailed_at: timestamp('mailed_at', { withTimezone: true, mode: 'date' }),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    last_error: text('last_error'),
    created_at: timestamps.created_at,
  },
  (table) => [
    index('newsletter_confirmations_subscriber_idx').on(table.subscriber_id),
    index('newsletter_confirmations_due_idx')
      .on(table.next_attempt_at)
      .where(sql`${table.mailed_at} is null and ${table.token} is not null`),
  ],
)

/**
 * One email the newsletter sends to every confirmed subscriber: a note
 * (`key` `note:<id>`) or a week's digest (`digest:<ISO week>`). Written once
 * per key (unique), with its subject and bodies as they were then, and with
 * a send row per recipient in the same transaction.
 */
export const newsletterIssues = pgTable(
  'newsletter_issues',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    kind: text('kind', { enum: ['note', 'digest'] }).notNull(),
    /** The notes it carries (one for a note's email). */
    note_ids: integer('note_ids').array().notNull(),
    /** Each note's version (`updated_at` in ms) when the email was written. */
    note_versions: bigint('note_versions', { mode: 'number' }).array().notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** Emails the mail server accepted (kept when an address is erased). */
    sent_count: integer('sent_count').notNull().default(0),
    created_at: timestamps.created_at,
  },
  (table) => [check('newsletter_issues_kind_check', sql`${table.kind} in ('note', 'digest')`)],
)

/**
 * The newsletter's durable outbox: one row per issue and subscriber, claimed
 * with `FOR UPDATE SKIP LOCKED` and a lease (`next_attempt_at`), marked
 * `sent` right after the mail server accepted it.
 */
export const newsletterSends = pgTable(
  'newsletter_sends',
  {
    id: serial('id').primaryKey(),
    issue_id: integer('issue_id')
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: 'cascade' }),
    subscriber_id: integer('subscriber_id')
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['pending', 'sent', 'bounced', 'failed', 'skipped'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    sent_at: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    last_error: text('last_error'),
    ...timestamps,
  },
  (table) => [
    unique('newsletter_sends_issue_subscriber').on(table.issue_id, table.subscriber_id),
    index('newsletter_sends_due_idx')
      .on(table.next_attempt_at)
      .where(sql`${table.state} = 'pending'`),
    index('newsletter_sends_subscriber_idx').on(table.subscriber_id),
    check(
      'newsletter_sends_state_check',
      sql`${table.state} in ('pending', 'sent', 'bounced', 'failed', 'skipped')`,
    ),
  ],
)

/** The newsletter's one setting row (id = 1): an email per note, or a weekly digest. */
export const newsletterSettings = pgTable(
  'newsletter_settings',
  {
    id: integer('id').primaryKey().default(1),
    mode: text('mode', { enum: ['each', 'weekly'] })
      .notNull()
      .default('each'),
    updated_at: timestamps.updated_at,
  },
  (table) => [
    check('newsletter_settings_single_row', sql`${table.id} = 1`),
    check('newsletter_settings_mode_check', sql`${table.mode} in ('each', 'weekly')`),
  ],
)

/**
 * ActivityPub (server/activitypub/, docs/activitypub.md): the site as one
 * account that Mastodon users follow. Its settings, one row; none: off.
 */
export const activitypubSettings = pgTable(
  'activitypub_settings',
  {
    id: integer('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull().default(false),
    /** The `name` of `@name@host`; null: the admin's username. */
    handle: text('handle'),
    /** Notes federate as `Article` (title, summary, link) or `Note` (short text). */
    object_type: text('object_type', { enum: ['Article', 'Note'] })
      .notNull()
      .default('Article'),
    /** Follows wait for the owner's approval instead of being accepted at once. */
    approve_follows: boolean('approve_follows').notNull().default(false),
    /** Published projects federate too (as Article), besides notes. */
    federate_projects: boolean('federate_projects').notNull().default(false),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    check('activitypub_settings_single_row', sql`${table.id} = 1`),
    check('activitypub_settings_type_check', sql`${table.object_type} in ('Article', 'Note')`),
  ],
)

/** The actor's key pairs (JWK), made once: RSA (draft-cavage signatures) and Ed25519. */
export const activitypubKeys = pgTable(
  'activitypub_keys',
  {
    algorithm: text('algorithm', { enum: ['RSASSA-PKCS1-v1_5', 'Ed25519'] }).primaryKey(),
    public_jwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
    private_jwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    check(
      'activitypub_keys_algorithm_check',
      sql`${table.algorithm} in ('RSASSA-PKCS1-v1_5', 'Ed25519')`,
    ),
  ],
)

/**
 * Remote accounts that follow the site (`accepted`), ask to (`pending`,
 * when follows wait for approval) or were blocked by the owner (`blocked`:
 * their follows, replies and likes are refused).
 */
export const activitypubFollowers = pgTable(
  'activitypub_followers',
  {
    id: serial('id').primaryKey(),
    /** The remote actor's id (a URL). */
    actor_id: text('actor_id').notNull().unique(),
    /** `@name@host`, for the admin. */
    handle: text('handle').notNull(),
    name: text('name').notNull().default(''),
    url: text('url'),
    icon_url: text('icon_url'),
    inbox: text('inbox').notNull(),
    shared_inbox: text('shared_inbox'),
    status: text('status', { enum: ['pending', 'accepted', 'blocked'] }).notNull(),
    /** The Follow's id, answered by Accept or Reject. */
    follow_id: text('follow_id'),
    ...timestamps,
  },
  (table) => [
    check(
      'activitypub_followers_status_check',
      sql`${table.status} in ('pending', 'accepted', 'blocked')`,
    ),
  ],
)

/** What was federated of each note: its current version out, or its Delete. */
export const activitypubNotes = pgTable('activitypub_notes', {
  note_id: integer('note_id').primaryKey(),
  /** The note's `updated_at` in ms when last sent (server/db/row-version.ts). */
  version: bigint('version', { mode: 'number' }).notNull(),
  state: text('state', { enum: ['live', 'deleted'] }).notNull(),
  /** The object as last sent (a Delete names it after the note is gone). */
  object: jsonb('object').$type<Record<string, unknown>>().notNull(),
  first_sent_at: timestamp('first_sent_at', { withTimezone: true, mode: 'date' }).notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
})

/** What was federated of each project (when projects federate): as `activitypub_notes`. */
export const activitypubProjects = pgTable('activitypub_projects', {
  project_id: integer('project_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
  state: text('state', { enum: ['live', 'deleted'] }).notNull(),
  object: jsonb('object').$type<Record<string, unknown>>().notNull(),
  first_sent_at: timestamp('first_sent_at', { withTimezone: true, mode: 'date' }).notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
})

/**
 * The durable outbox: one row per activity and inbox (a shared inbox once
 * for all the followers behind it). Claimed like the alerts' outbox
 * (`FOR UPDATE SKIP LOCKED` and a lease in `next_attempt_at`), sent once,
 * retried with backoff, given up after a bounded time.
 */
export const activitypubDeliveries = pgTable(
  'activitypub_deliveries',
  {
    id: serial('id').primaryKey(),
    activity_id: text('activity_id').notNull(),
    /** Create, Update, Delete, Accept, Reject… */
    activity_type: text('activity_type').notNull(),
    /** The note it carries; null for the actor's own activities. */
    note_id: integer('note_id'),
    /** The project it carries, when projects federate. */
    project_id: integer('project_id'),
    inbox: text('inbox').notNull(),
    /** The activity as JSON-LD (compacted), signed at each send. */
    activity: jsonb('activity').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When it may be tried (again); a claim moves it past a lease. */
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull(),
    last_error: text('last_error'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    sent_at: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('activitypub_deliveries_once').on(table.activity_id, table.inbox),
    index('activitypub_deliveries_due_idx')
      .on(table.next_attempt_at)
      .where(sql`${table.status} = 'pending'`),
    index('activitypub_deliveries_note_idx').on(table.note_id),
    check(
      'activitypub_deliveries_status_check',
      sql`${table.status} in ('pending', 'sent', 'failed')`,
    ),
  ],
)

/** Fedify's key-value store (caches, inbox idempotence), shared by every instance. */
export const activitypubKv = pgTable('activitypub_kv', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
})
