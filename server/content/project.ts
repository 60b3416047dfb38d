/** Projects: `/projects/{slug}`, drafts, a manual order, slugs, revisions. */
import { eq } from 'drizzle-orm'
import { createSelectSchema } from 'drizzle-zod'
import { z } from 'zod'
import { contentKindLabels } from '../../src/domain/content-kinds'
import { projectInput } from '../../src/schemas/project'
import { projectSlugs, projects, searchDocuments } from '../db/schema'
import { backupTable, nonEmpty, positive, seoBackupDefaults, sortOrder } from './backup-rows'
import { defineKind } from './kind'
import { passageOf } from './search-text'

export const projectKind = defineKind({
  name: 'project',
  labels: contentKindLabels.project,
  table: projects,
  public: true,
  slugs: {
    table: projectSlugs,
    slug: projectSlugs.slug,
    item: projectSlugs.project_id,
    created: projectSlugs.created_at,
    current: projects.slug,
    lockKey: 72_616_001,
  },
  audit: { titled: true, group: 'content' },
  fieldRules: projectInput,
  backup: {
    tables: {
      projects: backupTable({
        table: projects,
        rows: createSelectSchema(projects, { id: positive, slug: nonEmpty }).extend(
          // Versions 1 and 2 were written before drafts, case studies and the manual order.
          {
            is_published: z.boolean().default(true),
            repo_url: z.string().nullable().default(null),
            role: z.string().nullable().default(null),
            period: z.string().nullable().default(null),
            sort_order: sortOrder,
            // Files written before search and sharing: no overrides.
            ...seoBackupDefaults,
          },
        ),
        order: [projects.id],
      }),
      project_slugs: backupTable({
        table: projectSlugs,
        rows: createSelectSchema(projectSlugs, { slug: nonEmpty, project_id: positive }),
        order: [projectSlugs.project_id, projectSlugs.created_at, projectSlugs.slug],
      }),
    },
    absentFromOlderFiles: false,
    manualOrder: true,
  },
  imageUses: [
    { column: projects.image_urls, place: (title) => `the project "${title}"` },
    {
      column: projects.long_description,
      place: (title) => `the description of the project "${title}"`,
    },
    { column: projects.share_image, place: (title) => `the share image of the project "${title}"` },
  ],
  search: {
    document: searchDocuments.projects,
    visible: eq(projects.is_published, true),
    title: projects.title,
    slug: projects.slug,
    passage: passageOf(projects.description, projects.long_description),
    url: (slug) => `/projects/${encodeURIComponent(slug ?? '')}`,
  },
  revisions: true,
  trash: {
    title: (row) => String(row.title),
    notFound: 'Project not found.',
    sameAs: null,
    keepsFiles: false,
  },
})
