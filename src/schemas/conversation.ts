/**
 * Conversations: replies, likes, reposts, bookmarks and mentions of a note
 * or a project made elsewhere, held for the owner's moderation
 * (server/services/conversations.ts, docs/social-web.md).
 */
import { idSchema, timestamps } from './fields'
import { z } from './zod'

export const conversationNetworks = ['webmention', 'mastodon', 'bluesky', 'activitypub'] as const
export type ConversationNetwork = (typeof conversationNetworks)[number]

export const conversationKinds = ['reply', 'like', 'repost', 'bookmark', 'mention'] as const
export type ConversationKind = (typeof conversationKinds)[number]

export const conversationTargetTypes = ['note', 'project'] as const
export type ConversationTargetType = (typeof conversationTargetTypes)[number]

export const conversationStatuses = ['pending', 'approved', 'spam'] as const
export type ConversationStatus = (typeof conversationStatuses)[number]

export const conversationStatusSchema = z.enum(conversationStatuses, {
  error: `Status must be one of ${conversationStatuses.join(', ')}.`,
})

/** How long a stored conversation's texts may be (longer ones are cut at a word). */
export const conversationLimits = {
  contentText: 5_000,
  contentHtml: 20_000,
  name: 200,
  url: 2_048,
} as const

/** A conversation as the admin's inbox and the public pages read it. */
export const conversationSchema = z.object({
  id: z.number(),
  network: z.enum(conversationNetworks),
  kind: z.enum(conversationKinds),
  target_type: z.enum(conversationTargetTypes),
  target_id: z.number(),
  source: z.string(),
  url: z.string().nullable(),
  author_name: z.string().nullable(),
  author_url: z.string().nullable(),
  author_photo: z.string().nullable(),
  content_html: z.string().nullable(),
  content_text: z.string().nullable(),
  published_at: z.string().nullable(),
  status: conversationStatusSchema,
  fetched_at: z.string(),
  ...timestamps,
})
export type Conversation = z.infer<typeof conversationSchema>

/** An inbox row: the conversation with its target's title and page, and whether its author is trusted. */
export const inboxConversationSchema = conversationSchema.extend({
  target_title: z.string().nullable(),
  target_path: z.string().nullable(),
  trusted: z.boolean(),
})
export type InboxConversation = z.infer<typeof inboxConversationSchema>

/** What a note's or project's page shows: approved ones only, without the moderation's fields. */
export const publicConversationSchema = z.object({
  id: z.number(),
  network: z.enum(conversationNetworks),
  kind: z.enum(conversationKinds),
  url: z.string().nullable(),
  author_name: z.string().nullable(),
  author_url: z.string().nullable(),
  author_photo: z.string().nullable(),
  content_html: z.string().nullable(),
  content_text: z.string().nullable(),
  published_at: z.string().nullable(),
})
export type PublicConversation = z.infer<typeof publicConversationSchema>

export const publicConversationsSchema = z.object({
  /** Replies, bookmarks and mentions with their text, oldest first. */
  replies: z.array(publicConversationSchema),
  /** Likes and reposts: a row of faces each. */
  likes: z.array(publicConversationSchema),
  reposts: z.array(publicConversationSchema),
})
export type PublicConversations = z.infer<typeof publicConversationsSchema>

export const conversationTargetInput = z.object({
  type: z.enum(conversationTargetTypes, { error: 'type must be note or project.' }),
  id: idSchema,
})

export const conversationStatusInput = z.object({ id: idSchema, status: conversationStatusSchema })

export const trustTypes = ['author', 'domain'] as const
export type TrustType = (typeof trustTypes)[number]

export const trustEntrySchema = z.object({
  id: z.number(),
  type: z.enum(trustTypes),
  value: z.string(),
  created_at: z.string(),
})
export type TrustEntry = z.infer<typeof trustEntrySchema>

/** Trust the author or the domain of one conversation (the inbox's buttons). */
export const trustInput = z.object({
  id: idSchema,
  type: z.enum(trustTypes, { error: 'type must be author or domain.' }),
})

export const untrustInput = z.object({ id: idSchema })

/** The rules a stored row (coming back from a backup or the Trash) must pass. */
export const conversationRowRules = z.object({
  network: z.enum(conversationNetworks),
  kind: z.enum(conversationKinds),
  target_type: z.enum(conversationTargetTypes),
  source: z.string().min(1, 'Source is required.').max(conversationLimits.url),
  status: conversationStatusSchema,
})
