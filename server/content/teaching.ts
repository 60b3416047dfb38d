/** Teaching (the `teaching` table): courses on `/teaching`, in the owner's order. */
import { eq } from 'drizzle-orm'
import { createSelectSchema } from 'drizzle-zod'
import { z } from 'zod'
import { contentKindLabels } from '../../src/domain/content-kinds'
import { teachingInput } from '../../src/schemas/teaching'
import { teaching } from '../db/schema'
import { backupTable, positive, sortOrder } from './backup-rows'
import { defineKind } from './kind'
import { passageOf } from './search-text'

export const isPublishedTeaching = eq(teaching.status, 'published')

export const teachingKind = defineKind({
  name: 'teaching',
  labels: contentKindLabels.teaching,
  table: teaching,
  public: true,
  slugs: null,
  audit: { titled: true, group: 'content' },
  fieldRules: teachingInput,
  backup: {
    tables: {
      teaching: backupTable({
        table: teaching,
        rows: createSelectSchema(teaching, { id: positive, terms: z.array(z.string()) })
          .omit({ search: true })
          .extend({ sort_order: sortOrder }),
        order: [teaching.id],
      }),
    },
    absentFromOlderFiles: true,
    manualOrder: true,
  },
  imageUses: [],
  search: {
    document: teaching.search,
    visible: isPublishedTeaching,
    title: teaching.course,
    slug: null,
    passage: passageOf(teaching.institution, teaching.description),
    url: () => '/teaching',
  },
  revisions: false,
  trash: {
    title: (row) => String(row.course),
    notFound: 'Course not found.',
    sameAs: null,
    keepsFiles: false,
  },
})
