/** Talks (the `talks` table): listed on `/talks`, newest first; no page of their own. */
import { eq } from 'drizzle-orm'
import { createSelectSchema } from 'drizzle-zod'
import { contentKindLabels } from '../../src/domain/content-kinds'
import { talkInput } from '../../src/schemas/talk'
import { talks } from '../db/schema'
import { backupTable, positive } from './backup-rows'
import { defineKind } from './kind'
import { passageOf } from './search-text'

export const isPublishedTalk = eq(talks.status, 'published')

export const talkKind = defineKind({
  name: 'talk',
  labels: contentKindLabels.talk,
  table: talks,
  public: true,
  slugs: null,
  audit: { titled: true, group: 'content' },
  fieldRules: talkInput,
  backup: {
    tables: {
      talks: backupTable({
        table: talks,
        rows: createSelectSchema(talks, { id: positive }).omit({ search: true }),
        order: [talks.id],
      }),
    },
    absentFromOlderFiles: true,
    manualOrder: false,
  },
  imageUses: [{ column: talks.abstract, place: (title) => `the abstract of the talk "${title}"` }],
  search: {
    document: talks.search,
    visible: isPublishedTalk,
    title: talks.title,
    slug: null,
    passage: passageOf(talks.event, talks.abstract),
    url: () => '/talks',
  },
  revisions: false,
  trash: {
    title: (row) => String(row.title),
    notFound: 'Talk not found.',
    sameAs: null,
    keepsFiles: false,
  },
})
