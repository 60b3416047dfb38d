import { z } from 'zod'
import { idInput } from '../../../src/schemas/id-input'
import {
  noteInput,
  noteListInput,
  noteNeighboursSchema,
  noteSchema,
  noteSlugInput,
  noteUpdateInput,
} from '../../../src/schemas/note'
import {
  createNote,
  deleteNote,
  getNoteById,
  getNoteBySlug,
  getNoteNeighbours,
  hasLiveNotes,
  listNotes,
  liveTags,
  updateNote,
} from '../../services/notes'
import { adminProcedure, publicOrAdminProcedure, publicProcedure, router } from '../init'

/** Drafts and scheduled notes for the signed-in admin only. */
const audienceOf = (ctx: { admin: unknown }) => ({ drafts: ctx.admin !== null })

export const notesRouter = router({
  /** Newest first; `?tag=` filters (any case). Reads the query string, so never shared-cached. */
  list: publicOrAdminProcedure
    .meta({ rest: { method: 'GET', path: '/api/notes', aliases: ['/api/posts'], query: true } })
    .input(noteListInput)
    .output(z.array(noteSchema))
    .query(({ ctx, input }) => listNotes(ctx.db, audienceOf(ctx), { tag: input?.tag })),
  /** Whether the header links to Notes (tRPC only): a note is live. */
  any: publicProcedure
    .meta({ cache: 'public' })
    .output(z.boolean())
    .query(({ ctx }) => hasLiveNotes(ctx.db)),
  /** The tags of live notes (tRPC only), for the tag filter of /notes. */
  tags: publicProcedure
    .meta({ cache: 'public' })
    .output(z.array(z.string()))
    .query(({ ctx }) => liveTags(ctx.db)),
  bySlug: publicOrAdminProcedure
    .meta({
      rest: { method: 'GET', path: '/api/notes/:slug', aliases: ['/api/posts/:slug'] },
      cache: 'public-unless-signed-in',
    })
    .input(noteSlugInput)
    .output(noteSchema)
    .query(({ ctx, input }) => getNoteBySlug(ctx.db, input.slug, audienceOf(ctx))),
  /** The note page's previous and next links (tRPC only); 404 as bySlug. */
  neighbours: publicOrAdminProcedure
    .meta({ cache: 'public-unless-signed-in' })
    .input(noteSlugInput)
    .output(noteNeighboursSchema)
    .query(({ ctx, input }) => getNoteNeighbours(ctx.db, input.slug, audienceOf(ctx))),
  byId: adminProcedure
    .input(idInput)
    .output(noteSchema)
    .query(({ ctx, input }) => getNoteById(ctx.db, input.id, { drafts: true })),
  create: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/notes', aliases: ['/api/posts'], status: 201 } })
    .input(noteInput)
    .output(noteSchema)
    .mutation(({ ctx, input }) => createNote(ctx, input)),
  update: adminProcedure
    .meta({
      rest: { method: 'PUT', path: '/api/notes/:id', aliases: ['/api/posts/:id'], versioned: true },
    })
    .input(noteUpdateInput)
    .output(noteSchema)
    .mutation(({ ctx, input: { id, version, ...data } }) => updateNote(ctx, id, data, version)),
  delete: adminProcedure
    .meta({
      rest: { method: 'DELETE', path: '/api/notes/:id', aliases: ['/api/posts/:id'], status: 204 },
    })
    .input(idInput)
    .mutation(({ ctx, input }) => deleteNote(ctx.db, input.id)),
})
