/**
 * Notes (the `notes` table): `/notes/{slug}`, drafts and scheduled ones,
 * slugs; public from the moment `went_live_at` is set.
 */
import { and, eq, isNotNull, type SQL } from 'drizzle-orm'
import { createSelectSchema } from 'drizzle-zod'
import { z } from 'zod'
import { contentKindLabels } from '../../src/domain/content-kinds'
import { noteInput } from '../../src/schemas/note'
import { noteSlugs, notes } from '../db/schema'
import { backupTable, nonEmpty, positive, seoBackupDefaults } from './backup-rows'
import { defineKind } from './kind'
import { passageOf } from './search-text'

/** What makes a note public: claimed as live (and still published). */
export const isLive: SQL = and(eq(notes.status, 'published'), isNotNull(notes.went_live_at)) as SQL

export const noteKind = defineKind({
  name: 'note',
  labels: contentKindLabels.note,
  table: notes,
  public: true,
  slugs: {
    table: noteSlugs,
    slug: noteSlugs.slug,
    item: noteSlugs.note_id,
    created: noteSlugs.created_at,
    current: notes.slug,
    lockKey: 72_616_027,
  },
  audit: { titled: true, group: 'content' },
  fieldRules: noteInput.pick({
    title: true,
    summary: true,
    body: true,
    tags: true,
    cover_url: true,
  }),
  backup: {
    tables: {
      // Version 6: the search document is generated, so not in the file.
      notes: backupTable({
        table: notes,
        rows: createSelectSchema(notes, { id: positive, slug: nonEmpty })
          .omit({ search: true })
          // Files written before search and sharing: no overrides.
          .extend(seoBackupDefaults)
          // Files written before "Discussion on": none.
          .extend({ discussion_url: z.string().nullable().default(null) })
          // Files written before the newsletter: not emailed.
          .extend({ email_subscribers: z.boolean().default(false) }),
        order: [notes.id],
      }),
      note_slugs: backupTable({
        table: noteSlugs,
        rows: createSelectSchema(noteSlugs, { slug: nonEmpty, note_id: positive }),
        order: [noteSlugs.note_id, noteSlugs.created_at, noteSlugs.slug],
      }),
    },
    // Files before version 6 were written before the notes.
    absentFromOlderFiles: true,
    manualOrder: false,
  },
  // Every note, drafts and scheduled ones too: they are shown once published.
  imageUses: [
    { column: notes.cover_url, place: (title) => `the cover of the note "${title}"` },
    { column: notes.body, place: (title) => `the text of the note "${title}"` },
    { column: notes.share_image, place: (title) => `the share image of the note "${title}"` },
  ],
  search: {
    document: notes.search,
    visible: isLive,
    title: notes.title,
    slug: notes.slug,
    passage: passageOf(notes.summary, notes.body),
    url: (slug) => `/notes/${encodeURIComponent(slug ?? '')}`,
  },
  revisions: false,
  trash: {
    title: (row) => String(row.title),
    notFound: 'Note not found.',
    sameAs: null,
    keepsFiles: false,
  },
})
