/**
 * Conversations (the `conversations` table): replies, likes, reposts,
 * bookmarks and mentions made elsewhere, moderated in the admin's inbox and
 * shown under their note or project once approved (so public: a change
 * bumps the content version). The trusted authors and domains travel with
 * them in the backup.
 */
import { createSelectSchema } from 'drizzle-zod'
import { contentKindLabels } from '../../src/domain/content-kinds'
import { conversationRowRules } from '../../src/schemas/conversation'
import { conversations, conversationTrust } from '../db/schema'
import { backupTable, nonEmpty, positive } from './backup-rows'
import { defineKind } from './kind'

export const conversationKind = defineKind({
  name: 'conversation',
  labels: contentKindLabels.conversation,
  table: conversations,
  public: true,
  slugs: null,
  // Like a message's sender, its author is not worth keeping in the log.
  audit: { titled: false, group: 'messages' },
  fieldRules: conversationRowRules,
  backup: {
    tables: {
      conversations: backupTable({
        table: conversations,
        rows: createSelectSchema(conversations, {
          id: positive,
          target_id: positive,
          source: nonEmpty,
        }),
        order: [conversations.id],
      }),
      conversation_trust: backupTable({
        table: conversationTrust,
        rows: createSelectSchema(conversationTrust, { id: positive, value: nonEmpty }),
        order: [conversationTrust.id],
      }),
    },
    // Files written before conversations hold none.
    absentFromOlderFiles: true,
    manualOrder: false,
  },
  imageUses: [],
  search: null,
  revisions: false,
  trash: {
    title: (row) =>
      `${row.kind === 'like' ? 'Like' : row.kind === 'repost' ? 'Repost' : 'Reply'} from ${String(row.author_name ?? row.author_url ?? row.source)}`,
    notFound: 'Conversation not found.',
    sameAs: null,
    keepsFiles: false,
  },
})
