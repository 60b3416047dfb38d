import { z } from 'zod'
import { idInput } from '../../../src/schemas/id-input'
import {
  postInput,
  postListInput,
  postNeighboursSchema,
  postSchema,
  postSlugInput,
  postUpdateInput,
} from '../../../src/schemas/post'
import {
  createPost,
  deletePost,
  getPostById,
  getPostBySlug,
  getPostNeighbours,
  hasLivePosts,
  listPosts,
  liveTags,
  updatePost,
} from '../../services/posts'
import { adminProcedure, publicOrAdminProcedure, publicProcedure, router } from '../init'

/** Drafts and scheduled posts for the signed-in admin only. */
const audienceOf = (ctx: { admin: unknown }) => ({ drafts: ctx.admin !== null })

export const postsRouter = router({
  /** Newest first; `?tag=` filters (any case). Reads the query string, so never shared-cached. */
  list: publicOrAdminProcedure
    .meta({ rest: { method: 'GET', path: '/api/posts', query: true } })
    .input(postListInput)
    .output(z.array(postSchema))
    .query(({ ctx, input }) => listPosts(ctx.db, audienceOf(ctx), { tag: input?.tag })),
  /** Whether the header links to Notes (tRPC only): a post is live. */
  any: publicProcedure
    .meta({ cache: 'public' })
    .output(z.boolean())
    .query(({ ctx }) => hasLivePosts(ctx.db)),
  /** The tags of live posts (tRPC only), for the tag filter of /notes. */
  tags: publicProcedure
    .meta({ cache: 'public' })
    .output(z.array(z.string()))
    .query(({ ctx }) => liveTags(ctx.db)),
  bySlug: publicOrAdminProcedure
    .meta({
      rest: { method: 'GET', path: '/api/posts/:slug' },
      cache: 'public-unless-signed-in',
    })
    .input(postSlugInput)
    .output(postSchema)
    .query(({ ctx, input }) => getPostBySlug(ctx.db, input.slug, audienceOf(ctx))),
  /** The post page's previous and next links (tRPC only); 404 as bySlug. */
  neighbours: publicOrAdminProcedure
    .meta({ cache: 'public-unless-signed-in' })
    .input(postSlugInput)
    .output(postNeighboursSchema)
    .query(({ ctx, input }) => getPostNeighbours(ctx.db, input.slug, audienceOf(ctx))),
  byId: adminProcedure
    .input(idInput)
    .output(postSchema)
    .query(({ ctx, input }) => getPostById(ctx.db, input.id, { drafts: true })),
  create: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/posts', status: 201 } })
    .input(postInput)
    .output(postSchema)
    .mutation(({ ctx, input }) => createPost(ctx, input)),
  update: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/posts/:id', versioned: true } })
    .input(postUpdateInput)
    .output(postSchema)
    .mutation(({ ctx, input: { id, version, ...data } }) => updatePost(ctx, id, data, version)),
  delete: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/posts/:id', status: 204 } })
    .input(idInput)
    .mutation(({ ctx, input }) => deletePost(ctx.db, input.id)),
})
