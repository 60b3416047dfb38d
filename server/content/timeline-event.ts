/** Timeline events: the home page's timeline, in a manual order; no page of their own. */
import { sql } from 'drizzle-orm'
import { createSelectSchema } from 'drizzle-zod'
import { contentKindLabels } from '../../src/domain/content-kinds'
import { timelineInput } from '../../src/schemas/timeline'
import { searchDocuments, timelineEvents } from '../db/schema'
import { backupTable, positive, sortOrder } from './backup-rows'
import { defineKind } from './kind'
import { passageOf } from './search-text'

export const timelineEventKind = defineKind({
  name: 'timeline_event',
  labels: contentKindLabels.timeline_event,
  table: timelineEvents,
  public: true,
  slugs: null,
  audit: { titled: true, group: 'content' },
  fieldRules: timelineInput,
  backup: {
    tables: {
      timeline_events: backupTable({
        table: timelineEvents,
        rows: createSelectSchema(timelineEvents, { id: positive }).extend({
          sort_order: sortOrder,
        }),
        order: [timelineEvents.id],
      }),
    },
    absentFromOlderFiles: false,
    manualOrder: true,
  },
  imageUses: [
    { column: timelineEvents.icon_path, place: (title) => `the timeline event "${title}"` },
    {
      column: timelineEvents.description,
      place: (title) => `the description of the timeline event "${title}"`,
    },
  ],
  search: {
    document: searchDocuments.timeline,
    visible: undefined,
    title: timelineEvents.title,
    slug: null,
    passage: passageOf(
      timelineEvents.position,
      sql`search_list_text(${timelineEvents.description})`,
    ),
    url: () => '/#timeline-title',
  },
  revisions: false,
  trash: {
    title: (row) => String(row.title),
    notFound: 'Timeline event not found.',
    sameAs: null,
    keepsFiles: false,
  },
})
