/**
 * Publications (the `publications` table): `/publications/{slug}`, drafts,
 * a manual order, slugs, revisions; public while published. Their citation
 * counts (`publication_citations`) are OpenAlex's data, not the owner's:
 * set aside in the registry test, fetched again at will.
 */
import { eq, sql } from 'drizzle-orm'
import { createSelectSchema } from 'drizzle-zod'
import { z } from 'zod'
import { contentKindLabels } from '../../src/domain/content-kinds'
import { publicationAuthorSchema, publicationInput } from '../../src/schemas/publication'
import { publicationSlugs, publications } from '../db/schema'
import { backupTable, nonEmpty, positive, sortOrder } from './backup-rows'
import { defineKind } from './kind'
import { passageOf } from './search-text'

export const isPublishedPublication = eq(publications.status, 'published')

export const publicationKind = defineKind({
  name: 'publication',
  labels: contentKindLabels.publication,
  table: publications,
  public: true,
  slugs: {
    table: publicationSlugs,
    slug: publicationSlugs.slug,
    item: publicationSlugs.publication_id,
    created: publicationSlugs.created_at,
    current: publications.slug,
    lockKey: 72_616_053,
  },
  audit: { titled: true, group: 'content' },
  fieldRules: publicationInput.omit({ slug: true }),
  backup: {
    tables: {
      // The search document is generated, so not in the file.
      publications: backupTable({
        table: publications,
        rows: createSelectSchema(publications, {
          id: positive,
          slug: nonEmpty,
          authors: z.array(publicationAuthorSchema),
          tags: z.array(z.string()),
        })
          .omit({ search: true })
          .extend({ sort_order: sortOrder }),
        order: [publications.id],
      }),
      publication_slugs: backupTable({
        table: publicationSlugs,
        rows: createSelectSchema(publicationSlugs, { slug: nonEmpty, publication_id: positive }),
        order: [
          publicationSlugs.publication_id,
          publicationSlugs.created_at,
          publicationSlugs.slug,
        ],
      }),
    },
    // Files written before publications hold none.
    absentFromOlderFiles: true,
    manualOrder: true,
  },
  imageUses: [
    {
      column: publications.abstract,
      place: (title) => `the abstract of the publication "${title}"`,
    },
    { column: publications.pdf_url, place: (title) => `the PDF of the publication "${title}"` },
    {
      column: publications.share_image,
      place: (title) => `the share image of the publication "${title}"`,
    },
  ],
  search: {
    document: publications.search,
    visible: isPublishedPublication,
    title: publications.title,
    slug: publications.slug,
    passage: passageOf(sql`coalesce(${publications.venue}, '')`, publications.abstract),
    url: (slug) => `/publications/${encodeURIComponent(slug ?? '')}`,
  },
  revisions: true,
  trash: {
    title: (row) => String(row.title),
    notFound: 'Publication not found.',
    sameAs: null,
    keepsFiles: false,
  },
})
