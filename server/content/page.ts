/**
 * The owner's own pages (the `pages` table): `/{slug}`, drafts, slugs,
 * revisions; public while published.
 */
import { eq, sql } from 'drizzle-orm'
import { createSelectSchema } from 'drizzle-zod'
import { z } from 'zod'
import { contentKindLabels } from '../../src/domain/content-kinds'
import { pageInput, pageItemSchema } from '../../src/schemas/page'
import { pageSlugs, pages } from '../db/schema'
import { backupTable, nonEmpty, positive } from './backup-rows'
import { defineKind } from './kind'

export const pageKind = defineKind({
  name: 'page',
  labels: contentKindLabels.page,
  table: pages,
  public: true,
  slugs: {
    table: pageSlugs,
    slug: pageSlugs.slug,
    item: pageSlugs.page_id,
    created: pageSlugs.created_at,
    current: pages.slug,
    lockKey: 72_616_041,
  },
  audit: { titled: true, group: 'content' },
  fieldRules: pageInput.pick({ title: true, body: true, items: true }),
  backup: {
    tables: {
      // Version 9: the search document is generated, so not in the file.
      pages: backupTable({
        table: pages,
        rows: createSelectSchema(pages, {
          id: positive,
          slug: nonEmpty,
          items: z.array(pageItemSchema),
        }).omit({ search: true }),
        order: [pages.id],
      }),
      page_slugs: backupTable({
        table: pageSlugs,
        rows: createSelectSchema(pageSlugs, { slug: nonEmpty, page_id: positive }),
        order: [pageSlugs.page_id, pageSlugs.created_at, pageSlugs.slug],
      }),
    },
    // Files before version 9 were written before pages.
    absentFromOlderFiles: true,
    manualOrder: false,
  },
  imageUses: [
    { column: pages.body, place: (title) => `the text of the page "${title}"` },
    { column: pages.share_image, place: (title) => `the share image of the page "${title}"` },
  ],
  search: {
    document: pages.search,
    visible: eq(pages.status, 'published'),
    title: pages.title,
    slug: pages.slug,
    passage: sql`${pages.body}`,
    url: (slug) => `/${encodeURIComponent(slug ?? '')}`,
  },
  revisions: true,
  trash: {
    title: (row) => String(row.title),
    notFound: 'Page not found.',
    sameAs: null,
    keepsFiles: false,
  },
})
