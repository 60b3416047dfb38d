import { renderMarkdown } from '../markdown/render'
import { descriptionRendering } from './projects'

/**
 * A project's long description as its page will show it (the same renderer,
 * the same reserved heading ids and heading levels): the admin form's live preview.
 */
export function previewProjectDescription(markdown: string): { html: string } {
  return { html: renderMarkdown(markdown, descriptionRendering) }
}
