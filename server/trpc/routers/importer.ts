import { importResultSchema, jsonResumeInput } from '../../../src/schemas/json-resume'
import { importJsonResume } from '../../services/json-resume'
import { adminProcedure, router } from '../init'

export const importRouter = router({
  /** Creates what the document holds that is not stored yet; a second import creates nothing. */
  jsonResume: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/import/json-resume' } })
    .input(jsonResumeInput)
    .output(importResultSchema)
    .mutation(({ ctx, input }) => importJsonResume(ctx, input, { dryRun: false })),
  /** The same answer, with nothing written: what the Import screen shows before it is confirmed. */
  jsonResumePreview: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/import/json-resume/preview' }, audit: false })
    .input(jsonResumeInput)
    .output(importResultSchema)
    .mutation(({ ctx, input }) => importJsonResume(ctx, input, { dryRun: true })),
})
