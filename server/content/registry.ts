/**
 * The content kinds, in the order a backup file lists and a restore inserts
 * their tables (no kind's table refers to another's). Adding a kind is a
 * descriptor in this folder and its line here; docs/architecture.md ("Add a
 * content kind") has the whole recipe, and server/tests/codebase/content-kinds.test.ts
 * fails when a table is neither a kind nor set aside with a reason, or a
 * kind lacks a facet.
 */
import type { ContentKindName } from '../../src/domain/content-kinds'
import { conversationKind } from './conversation'
import { imageKind } from './image'
import type { ContentKind } from './kind'
import { messageKind } from './message'
import { noteKind } from './note'
import { pageKind } from './page'
import { projectKind } from './project'
import { timelineEventKind } from './timeline-event'

export const contentKinds = [
  projectKind,
  timelineEventKind,
  noteKind,
  messageKind,
  imageKind,
  pageKind,
  conversationKind,
] as const

type Kinds = typeof contentKinds
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (
  x: infer I,
) => void
  ? I
  : never
/** Every kind's backup tables, by name, with their row schemas' types. */
export type KindBackupTables = UnionToIntersection<Kinds[number]['backup']['tables']>

export const kindBackupTables = Object.assign(
  {},
  ...contentKinds.map((kind) => kind.backup.tables),
) as KindBackupTables

const byName = new Map<string, ContentKind>(contentKinds.map((kind) => [kind.name, kind]))

/** The descriptor of a kind (a Trash item's `kind`, a revision's). */
export function contentKind(name: ContentKindName): ContentKind {
  const kind = byName.get(name)
  if (!kind) throw new Error(`no content kind ${name}`)
  return kind
}

/** The descriptor of a kind by a stored `kind` value, or undefined for one that is no kind. */
export function findContentKind(name: string): ContentKind | undefined {
  return byName.get(name)
}

/** The kind whose procedures are under this router (`projects`), if any. */
export function kindOfRouter(router: string): ContentKind | undefined {
  return contentKinds.find((kind) => kind.labels.router === router)
}
