/** Messages (the `messages` table): what visitors send; the owner's inbox, never public. */
import { createSelectSchema } from 'drizzle-zod'
import { contentKindLabels } from '../../src/domain/content-kinds'
import { messageInput } from '../../src/schemas/message'
import { messages } from '../db/schema'
import { backupTable, positive } from './backup-rows'
import { defineKind } from './kind'

export const messageKind = defineKind({
  name: 'message',
  labels: contentKindLabels.message,
  table: messages,
  public: false,
  slugs: null,
  // A message's sender is not worth keeping in the log.
  audit: { titled: false, group: 'messages' },
  fieldRules: messageInput.pick({ name: true, email: true, message: true }),
  backup: {
    tables: {
      messages: backupTable({
        table: messages,
        rows: createSelectSchema(messages, { id: positive }).extend({
          // Files written before the inbox: the migration's default, unread.
          status: createSelectSchema(messages).shape.status.default('unread'),
        }),
        order: [messages.id],
      }),
    },
    absentFromOlderFiles: false,
    manualOrder: false,
  },
  imageUses: [],
  search: null,
  revisions: false,
  trash: {
    title: (row) => `Message from ${String(row.name)}`,
    notFound: 'Message not found.',
    sameAs: null,
    keepsFiles: false,
  },
})
