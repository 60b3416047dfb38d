import { markdownPreviewInput, markdownPreviewSchema } from '../../../src/schemas/markdown'
import { previewProjectDescription } from '../../services/markdown-preview'
import { adminProcedure, router } from '../init'

export const markdownRouter = router({
  /**
   * The project form's live preview (tRPC only). A mutation, so the text
   * travels in a POST body rather than the URL; it writes nothing. Never in
   * a batch: one rendering per request.
   */
  preview: adminProcedure
    .meta({ batch: false, audit: false })
    .input(markdownPreviewInput)
    .output(markdownPreviewSchema)
    .mutation(({ input }) => previewProjectDescription(input.markdown)),
})
