import { z } from 'zod'
import { limits } from './fields'

/** What the project form sends for its live preview: the long description as typed. */
export const markdownPreviewInput = z.object({
  markdown: z
    .string({ error: 'The Markdown must be text.' })
    .max(limits.longText, `The Markdown must be at most ${limits.longText} characters.`),
})
export type MarkdownPreviewInput = z.input<typeof markdownPreviewInput>

/** The preview: the same sanitised HTML the project page shows. */
export const markdownPreviewSchema = z.object({ html: z.string() })
