/** Messages (the `contact_messages` table): what visitors send; the owner's inbox, never public. */
import { createSelectSchema } from 'drizzle-zod'
import { contentKindLabels } from '../../src/domain/content-kinds'
import { contactInput } from '../../src/schemas/contact'
import { contactMessages } from '../db/schema'
import { backupTable, positive } from './backup-rows'
import { defineKind } from './kind'

export const messageKind = defineKind({
  name: 'message',
  labels: contentKindLabels.message,
  table: contactMessages,
  public: false,
  slugs: null,
  // A message's sender is not worth keeping in the log.
  audit: { titled: false, group: 'messages' },
  fieldRules: contactInput.pick({ name: true, email: true, message: true }),
  backup: {
    tables: {
      contact_messages: backupTable({
        table: contactMessages,
        rows: createSelectSchema(contactMessages, { id: positive }).extend({
          // Files written before the inbox: the migration's default, unread.
          status: createSelectSchema(contactMessages).shape.status.default('unread'),
        }),
        order: [contactMessages.id],
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
