import { cvLimits, cvStatusSchema, cvUploadInput } from '../../../src/schemas/cv'
import { getCvStatus, removeCv, uploadCv } from '../../services/cv'
import { adminProcedure, router } from '../init'

export const cvRouter = router({
  /** Which CV /cv.pdf serves (the admin's CV section). */
  status: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/cv' } })
    .output(cvStatusSchema)
    .query(({ ctx }) => getCvStatus(ctx.db)),
  /**
   * REST only (multipart). The body limit sits above the file's 10 MB so
   * that a file just over it hears why (400) rather than a bare 413.
   */
  upload: adminProcedure
    .meta({
      rest: {
        method: 'PUT',
        path: '/api/cv',
        body: { type: 'multipart', maxBytes: cvLimits.maxBytes + 1024 * 1024 },
      },
    })
    .input(cvUploadInput)
    .output(cvStatusSchema)
    .mutation(({ ctx, input }) => uploadCv(ctx, input.file)),
  remove: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/cv', status: 204 } })
    .mutation(({ ctx }) => removeCv(ctx)),
})
