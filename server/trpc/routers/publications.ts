import { z } from 'zod'
import { idInput } from '../../../src/schemas/id-input'
import { orderInput } from '../../../src/schemas/order'
import {
  bibtexInput,
  importInput,
  importPreviewSchema,
  importResultSchema,
  lookupInput,
  orcidInput,
  orcidPreviewSchema,
  orcidSyncResultSchema,
  publicationDraftSchema,
  publicationInput,
  publicationRevisionInput,
  publicationSchema,
  publicationSlugInput,
  publicationUpdateInput,
} from '../../../src/schemas/publication'
import { revisionSchema } from '../../../src/schemas/revisions'
import {
  exportPublications,
  importPublications,
  lookupPublication,
  orcidPreview,
  orcidSync,
  previewBibtex,
} from '../../services/publication-import'
import {
  createPublication,
  deletePublication,
  getPublicationById,
  getPublicationBySlug,
  listPublications,
  listSelectedPublications,
  publicationRevisions,
  reorderPublications,
  restorePublicationRevision,
  updatePublication,
} from '../../services/publications'
import { adminProcedure, publicOrAdminProcedure, publicProcedure, router } from '../init'

/** Drafts for the signed-in admin only. */
const audienceOf = (ctx: { admin: unknown }) => ({ drafts: ctx.admin !== null })

export const publicationsRouter = router({
  /** In the owner's order; drafts for the signed-in admin. */
  list: publicOrAdminProcedure
    .meta({ rest: { method: 'GET', path: '/api/publications' }, cache: 'public-unless-signed-in' })
    .output(z.array(publicationSchema))
    .query(({ ctx }) => listPublications(ctx.db, audienceOf(ctx))),
  /** The home page's "Selected publications" (tRPC only). */
  selected: publicProcedure
    .meta({ cache: 'public' })
    .output(z.array(publicationSchema))
    .query(({ ctx }) => listSelectedPublications(ctx.db)),
  /** The published list as one file (`/publications.bib`, `/publications.ris`; tRPC only). */
  export: publicProcedure
    .meta({ cache: 'public' })
    .input(
      z.object({ format: z.enum(['bibtex', 'ris'], { error: 'Format must be bibtex or ris.' }) }),
    )
    .output(z.object({ text: z.string() }))
    .query(async ({ ctx, input }) => ({ text: await exportPublications(ctx.db, input.format) })),
  bySlug: publicOrAdminProcedure
    .meta({
      rest: { method: 'GET', path: '/api/publications/:slug' },
      cache: 'public-unless-signed-in',
    })
    .input(publicationSlugInput)
    .output(publicationSchema)
    .query(({ ctx, input }) => getPublicationBySlug(ctx.db, input.slug, audienceOf(ctx))),
  byId: adminProcedure
    .input(idInput)
    .output(publicationSchema)
    .query(({ ctx, input }) => getPublicationById(ctx.db, input.id, { drafts: true })),
  create: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/publications', status: 201 } })
    .input(publicationInput)
    .output(publicationSchema)
    .mutation(({ ctx, input }) => createPublication(ctx, input)),
  update: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/publications/:id', versioned: true } })
    .input(publicationUpdateInput)
    .output(publicationSchema)
    .mutation(({ ctx, input: { id, version, ...data } }) =>
      updatePublication(ctx, id, data, version),
    ),
  /** Every publication's id once, in the new order; a literal path, so it wins over `:id`. */
  reorder: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/publications/order', status: 204 } })
    .input(orderInput)
    .mutation(({ ctx, input }) => reorderPublications(ctx.db, input.ids)),
  delete: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/publications/:id', status: 204 } })
    .input(idInput)
    .mutation(({ ctx, input }) => deletePublication(ctx.db, input.id)),
  revisions: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/publications/:id/revisions' } })
    .input(idInput)
    .output(z.array(revisionSchema))
    .query(({ ctx, input }) => publicationRevisions(ctx.db, input.id)),
  restoreRevision: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/publications/:id/revisions/:rev/restore' } })
    .input(publicationRevisionInput)
    .output(publicationSchema)
    .mutation(({ ctx, input }) => restorePublicationRevision(ctx, input.id, input.rev)),
  /** A BibTeX file read, duplicates flagged; nothing saved. */
  importPreview: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/publications/import/preview' }, audit: false })
    .input(bibtexInput)
    .output(importPreviewSchema)
    .mutation(({ ctx, input }) => previewBibtex(ctx.db, input.bibtex)),
  /** The entries the owner chose from a preview, saved (drafts unless said otherwise). */
  import: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/publications/import', status: 201 } })
    .input(importInput)
    .output(importResultSchema)
    .mutation(({ ctx, input }) => importPublications(ctx, input.publications, input.status)),
  /** A DOI's or an arXiv id's metadata, to fill the form; nothing saved. */
  lookup: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/publications/lookup' }, audit: false })
    .input(lookupInput)
    .output(publicationDraftSchema)
    .mutation(({ ctx, input }) => lookupPublication(ctx, input.id)),
  /** The ORCID record's works: what is new, what is here already; nothing saved. */
  orcidPreview: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/publications/orcid/preview' }, audit: false })
    .input(orcidInput)
    .output(orcidPreviewSchema)
    .mutation(({ ctx, input }) => orcidPreview(ctx, input.orcid)),
  /** Imports the new works as drafts; a second sync creates nothing. */
  orcidSync: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/publications/orcid/sync' } })
    .input(orcidInput)
    .output(orcidSyncResultSchema)
    .mutation(({ ctx, input }) => orcidSync(ctx, input.orcid)),
})
