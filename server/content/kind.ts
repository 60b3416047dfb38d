/**
 * What a content kind declares: one descriptor per kind (server/content/<kind>.ts),
 * gathered in server/content/registry.ts. The Trash, the audit log, the
 * backup and its restore, the media library's uses, site search and the
 * revisions read these facets instead of keeping lists of their own. Every
 * facet is declared, even when a kind has none of it (`null`, `[]`,
 * `false`): the registry test fails when one is missing.
 *
 * Descriptors are declarations: they import the schema, src/ and the
 * media keys, never a service (services and the backup import them).
 */
import type { SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import type { ContentKindLabels, ContentKindName } from '../../src/domain/content-kinds'

export type Row = Record<string, unknown>
export type KindTable = PgTable & { id: AnyPgColumn }

/** A kind whose items have addresses: current and former slugs, claimed under a lock. */
export interface SlugRules {
  /** Every slug an item has had (`slug` primary key, the item's id, `created_at`). */
  table: PgTable
  slug: AnyPgColumn
  item: AnyPgColumn
  created: AnyPgColumn
  /** The kind's current-slug column. */
  current: AnyPgColumn
  /** The advisory lock that serialises claims of this kind's slugs (on every instance). */
  lockKey: number
}

/** A column that may name an uploaded image (a URL, a list of URLs, or Markdown). */
export interface ImageUse {
  column: AnyPgColumn
  /** Where the image is used, as the library and the 409 say it. */
  place: (title: string) => string
}

export interface SearchFacet {
  /** The weighted document (the GIN index's expression, or a generated column). */
  document: SQL | AnyPgColumn
  /** What may be found: public items only. Undefined: every row. */
  visible: SQL | undefined
  title: AnyPgColumn
  slug: AnyPgColumn | null
  /** The text the shown passage is picked from. */
  passage: SQL
  /** The page a result opens. */
  url: (slug: string | null) => string
}

/** The kind's tables in the backup file: name → `backupTable(…)` (server/content/backup-rows.ts). */
export interface BackupFacet<Tables extends object> {
  /** Its rows' table first, then its slugs' (parents before children). */
  tables: Tables
  /** Files written before the kind existed hold none of its tables: they default to empty. */
  absentFromOlderFiles: boolean
  /** Files written before the manual order lack `sort_order`: rows take the order shown then. */
  manualOrder: boolean
}

export interface TrashFacet {
  /** What the Trash screen names an item by. */
  title: (row: Row) => string
  /** The 404 of a delete, a read or a save of an item that is not there. */
  notFound: string
  /**
   * A column that says "the same item" (an image's hash): an item uploaded
   * again while in the Trash is simply dropped from it on restore.
   */
  sameAs: AnyPgColumn | null
  /** Its files stay in the media store while it is in the Trash; removed with it for good. */
  keepsFiles: boolean
}

export interface ContentKind<Tables extends object = Record<string, unknown>> {
  name: ContentKindName
  /** What the owner reads about it (src/domain/content-kinds.ts). */
  labels: ContentKindLabels
  table: KindTable
  /** Shown on public pages: its writes and Trash moves bump the content version. */
  public: boolean
  slugs: SlugRules | null
  audit: {
    /** Its entries name the item's title (a message's sender is not worth keeping there). */
    titled: boolean
    /** The audit screen's filter its entries fall under. */
    group: 'content' | 'messages'
  }
  /** The input's rules a row coming back (backup, Trash, revision) must pass (src/schemas). */
  fieldRules: z.ZodObject
  backup: BackupFacet<Tables>
  /** Columns that may name an uploaded image; `[]` for none. */
  imageUses: ImageUse[]
  search: SearchFacet | null
  /** Saves keep earlier versions (server/services/revisions.ts); removed with the item for good. */
  revisions: boolean
  trash: TrashFacet
}

/** A descriptor, checked against the interface with its own backup tables' types kept. */
export function defineKind<Tables extends object>(kind: ContentKind<Tables>): ContentKind<Tables> {
  return kind
}
