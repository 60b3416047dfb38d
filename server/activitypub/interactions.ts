/**
 * Replies, likes and boosts that arrive in the inbox become conversations
 * (server/services/conversations.ts): the same moderated queue as
 * Webmentions (pending, approved, spam; trusted authors approved; the
 * spam rules; an alert), shown under the note once approved. The one place
 * the inbox hands them over. Content is sanitised and the author's photo
 * fetched and resized by the conversations service.
 *
 * A Delete or an Undo removes one only when it comes from the origin of
 * the conversation's source (a server may take back its own posts, never
 * another's).
 */
import {
  type ConversationDeps,
  recordConversation,
  removeConversationsBySource,
} from '../services/conversations'

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
}

/** Records it as a conversation of the note (pending unless its author is trusted), or updates it. */
export async function recordInteraction(
  deps: ConversationDeps,
  interaction: Interaction,
): Promise<void> {
  await recordConversation(deps, {
    network: 'activitypub',
    kind: interaction.kind,
    target: { type: 'note', id: interaction.noteId },
    source: interaction.sourceId,
    url: interaction.url,
    author: {
      name: interaction.authorName,
      url: interaction.authorUrl,
      photo: interaction.authorPhoto,
    },
    content: interaction.kind === 'reply' ? { html: interaction.contentHtml } : null,
    published_at: interaction.publishedAt,
  })
}

const originOf = (url: string) => {
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

/** Removes the conversation from `sourceId`, when `actorId` is of the same origin. */
export async function removeInteraction(
  deps: Pick<ConversationDeps, 'db'>,
  by: { sourceId: string; actorId: string },
): Promise<number> {
  const origin = originOf(by.sourceId)
  if (!origin || origin !== originOf(by.actorId)) return 0
  return removeConversationsBySource(deps, by.sourceId)
}
