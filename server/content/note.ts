/**
 * Notes (the `posts` table): `/notes/{slug}`, drafts and scheduled ones,
 * slugs; public from the moment `went_live_at` is set.
 */
import { and, eq, isNotNull, type SQL } from 'drizzle-orm'
import { createSelectSchema } from 'drizzle-zod'
import { contentKindLabels } from '../../src/domain/content-kinds'
import { postInput } from '../../src/schemas/post'
import { postSlugs, posts } from '../db/schema'
import { backupTable, nonEmpty, positive } from './backup-rows'
import { defineKind } from './kind'
import { passageOf } from './search-text'

/** What makes a note public: claimed as live (and still published). */
export const isLive: SQL = and(eq(posts.status, 'published'), isNotNull(posts.went_live_at)) as SQL

export const noteKind = defineKind({
  name: 'post',
  labels: contentKindLabels.post,
  table: posts,
  public: true,
  slugs: {
    table: postSlugs,
    slug: postSlugs.slug,
    item: postSlugs.post_id,
    created: postSlugs.created_at,
    current: posts.slug,
    lockKey: 72_616_027,
  },
  audit: { titled: true, group: 'content' },
  fieldRules: postInput.pick({
    title: true,
    summary: true,
    body: true,
    tags: true,
    cover_url: true,
  }),
  backup: {
    tables: {
      // Version 6: the search document is generated, so not in the file.
      posts: backupTable({
        table: posts,
        rows: createSelectSchema(posts, { id: positive, slug: nonEmpty }).omit({ search: true }),
        order: [posts.id],
      }),
      post_slugs: backupTable({
        table: postSlugs,
        rows: createSelectSchema(postSlugs, { slug: nonEmpty, post_id: positive }),
        order: [postSlugs.post_id, postSlugs.created_at, postSlugs.slug],
      }),
    },
    // Files before version 6 were written before the notes.
    absentFromOlderFiles: true,
    manualOrder: false,
  },
  // Every note, drafts and scheduled ones too: they are shown once published.
  imageUses: [
    { column: posts.cover_url, place: (title) => `the cover of the note "${title}"` },
    { column: posts.body, place: (title) => `the text of the note "${title}"` },
  ],
  search: {
    document: posts.search,
    visible: isLive,
    title: posts.title,
    slug: posts.slug,
    passage: passageOf(posts.summary, posts.body),
    url: (slug) => `/notes/${encodeURIComponent(slug ?? '')}`,
  },
  revisions: false,
  trash: {
    title: (row) => String(row.title),
    notFound: 'Post not found.',
    sameAs: null,
    keepsFiles: false,
  },
})
