/**
 * Replies, likes and boosts that arrive in the inbox, kept for the owner's
 * moderation: the one place the inbox hands them over. A reply's HTML is
 * sanitised here with the Markdown renderer's own passes (its links
 * filtered, no script, no style), so nothing a remote server sends reaches
 * a page as it came.
 */
import { and, eq } from 'drizzle-orm'
import { fromHtml } from 'hast-util-from-html'
import { toHtml } from 'hast-util-to-html'
import type { Db } from '../db/client'
import { activitypubInteractions } from '../db/schema'
import { sanitizeTree } from '../markdown/sanitize'

export type InteractionKind = 'reply' | 'like' | 'repost'

export interface Interaction {
  kind: InteractionKind
  noteId: number
  /** The reply's object id, or the Like's / Announce's activity id. */
  sourceId: string
  actorId: string
  authorName: string
  authorUrl: string | null
  authorPhoto: string | null
  contentHtml: string
  url: string | null
  publishedAt: Date
  now: Date
}

/** A remote server's HTML, made safe (and bounded: 20,000 characters in). */
export function safeRemoteHtml(html: string): string {
  const tree = sanitizeTree(fromHtml(html.slice(0, 20_000), { fragment: true }), 'markdown')
  return toHtml(tree)
}

/** Records it (pending), or updates its text when it comes again (an edit); its status stays. */
export async function recordInteraction(db: Db, interaction: Interaction): Promise<void> {
  const values = {
    kind: interaction.kind,
    note_id: interaction.noteId,
    actor_id: interaction.actorId,
    author_name: interaction.authorName.slice(0, 200),
    author_url: interaction.authorUrl,
    author_photo: interaction.authorPhoto,
    content: safeRemoteHtml(interaction.contentHtml),
    url: interaction.url,
    published_at: interaction.publishedAt,
    updated_at: interaction.now,
  }
  await db
    .insert(activitypubInteractions)
    .values({ source_id: interaction.sourceId, ...values, created_at: interaction.now })
    .onConflictDoUpdate({
      target: activitypubInteractions.source_id,
      set: values,
      // Only its author may change it.
      setWhere: eq(activitypubInteractions.actor_id, interaction.actorId),
    })
}

/** Removes one (its source, as its author asks) or every one of an author (their account deleted). */
export async function removeInteractions(
  db: Db,
  by: { sourceId?: string; actorId: string },
): Promise<void> {
  await db
    .delete(activitypubInteractions)
    .where(
      and(
        eq(activitypubInteractions.actor_id, by.actorId),
        by.sourceId ? eq(activitypubInteractions.source_id, by.sourceId) : undefined,
      ),
    )
}
