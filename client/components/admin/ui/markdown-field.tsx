import { useMutation } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { failureText } from '../../../lib/admin-errors'
import { useTrpc } from '../../../lib/trpc'
import { TextField, type TextFieldProps } from './form-controls'
import { useSessionEnd } from './use-session-end'

/** How long typing pauses before the preview is asked for. */
const PREVIEW_DELAY_MS = 300

type Preview =
  | { state: 'empty' }
  | { state: 'loading'; html: string | null }
  | { state: 'ready'; html: string }
  | { state: 'failed'; message: string }

/**
 * A Markdown textarea with a live preview beside it (below it on a narrow
 * screen). The server renders the preview (`markdown.preview`) with the
 * renderer the project page uses, so what shows here is what the page will
 * show; no Markdown code reaches the browser.
 */
export function MarkdownField(props: TextFieldProps) {
  const markdown = props.field.value
  const preview = usePreview(markdown)
  const previewId = `${props.id}-preview`

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <TextField
        {...props}
        rows={Math.max(props.rows ?? 12, 12)}
        hint={props.hint ?? 'Markdown: headings, lists, links, code blocks.'}
      />
      <section aria-labelledby={`${previewId}-title`} className="flex min-w-0 flex-col gap-1.5">
        <h2 id={`${previewId}-title`} className="text-sm font-medium text-body">
          Preview
        </h2>
        <div
          id={previewId}
          aria-busy={preview.state === 'loading'}
          className="min-h-32 flex-1 overflow-auto rounded-control border border-dashed border-line-strong bg-surface/60 px-4 py-3 text-body lg:max-h-[32rem]"
        >
          {preview.state === 'empty' ? (
            <p className="text-sm text-muted">The rendered description shows here.</p>
          ) : preview.state === 'failed' ? (
            <p className="text-sm text-danger-ink">{preview.message}</p>
          ) : preview.html === null ? (
            <p className="text-sm text-muted">Rendering…</p>
          ) : (
            <div
              className="prose-md"
              // Sanitised on the server (server/markdown/render.ts), as on the project page.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised server HTML
              dangerouslySetInnerHTML={{ __html: preview.html }}
            />
          )}
        </div>
      </section>
    </div>
  )
}

/** The server's rendering of `markdown`, asked for once typing pauses; only the latest answer counts. */
function usePreview(markdown: string): Preview {
  const trpc = useTrpc()
  const endSession = useSessionEnd()
  const render = useMutation(trpc.markdown.preview.mutationOptions())
  const [preview, setPreview] = useState<Preview>({ state: 'empty' })
  const latest = useRef(0)
  // The effect below must not restart when these change identity.
  const calls = useRef({ render: render.mutateAsync, endSession })
  calls.current = { render: render.mutateAsync, endSession }

  useEffect(() => {
    const request = ++latest.current
    if (!markdown.trim()) {
      setPreview({ state: 'empty' })
      return
    }
    setPreview((current) => ({
      state: 'loading',
      html: current.state === 'ready' || current.state === 'loading' ? current.html : null,
    }))
    const timer = setTimeout(async () => {
      try {
        const { html } = await calls.current.render({ markdown })
        if (request === latest.current) setPreview({ state: 'ready', html })
      } catch (error) {
        if (request !== latest.current) return
        if (await calls.current.endSession(error)) return
        setPreview({
          state: 'failed',
          message: failureText(error, 'The preview could not be rendered.'),
        })
      }
    }, PREVIEW_DELAY_MS)
    return () => clearTimeout(timer)
  }, [markdown])

  return preview
}
