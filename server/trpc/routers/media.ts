import { z } from 'zod'
import {
  imageTooLargeSentence,
  mediaAltInput,
  mediaIdInput,
  mediaLimits,
  mediaNameInput,
  mediaSchema,
  mediaUploadInput,
} from '../../../src/schemas/media'
import { deleteMedia, listMedia, updateMedia, uploadMedia } from '../../services/media'
import { adminProcedure, router } from '../init'

export const mediaRouter = router({
  /** REST only: the image comes as multipart/form-data, which the tRPC door does not take. */
  upload: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/media',
        status: 201,
        body: {
          type: 'multipart',
          maxBytes: mediaLimits.maxBytes,
          field: 'file',
          tooLarge: imageTooLargeSentence(),
        },
      },
    })
    .input(mediaUploadInput)
    .output(mediaSchema)
    .mutation(({ ctx, input }) => uploadMedia(ctx, input)),
  list: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/media' } })
    .output(z.array(mediaSchema))
    .query(({ ctx }) => listMedia(ctx.db, ctx.siteUrl)),
  updateAlt: adminProcedure
    .meta({ rest: { method: 'PATCH', path: '/api/media/:id' } })
    .input(mediaAltInput)
    .output(mediaSchema)
    .mutation(({ ctx, input }) => updateMedia(ctx.db, input.id, { alt: input.alt })),
  /** The display name the library shows and searches (the uploaded file's at first). */
  rename: adminProcedure
    .meta({ rest: { method: 'PATCH', path: '/api/media/:id/name' } })
    .input(mediaNameInput)
    .output(mediaSchema)
    .mutation(({ ctx, input }) => updateMedia(ctx.db, input.id, { name: input.name })),
  delete: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/media/:id', status: 204 } })
    .input(mediaIdInput)
    .mutation(({ ctx, input }) => deleteMedia(ctx, input.id)),
})
