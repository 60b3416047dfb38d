import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createLazyFileRoute } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { formatBytes } from '../../components/admin/media/media-info'
import { FilePickButton } from '../../components/admin/media/upload-controls'
import {
  cardClass,
  dangerButtonClass,
  ErrorAlert,
  primaryButtonClass,
} from '../../components/admin/ui/form-controls'
import { AdminPageHeader } from '../../components/admin/ui/page-header'
import { restCall, sentenceOf } from '../../components/admin/ui/rest-call'
import { useToast } from '../../components/admin/ui/toasts'
import { useLeaveGuard } from '../../components/admin/ui/use-leave-guard'
import { useTrpc } from '../../lib/trpc'

export const Route = createLazyFileRoute('/admin/cv')({
  component: CvAdmin,
})

const linkClass = 'font-semibold text-accent-ink underline-offset-2 hover:underline'

function CvAdmin() {
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const query = trpc.cv.status.queryOptions()
  const { data: status } = useSuspenseQuery(query)
  const remove = useMutation(trpc.cv.remove.mutationOptions())
  const [file, setFile] = useState<File | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // A PDF chosen and not uploaded yet: leaving asks first.
  useLeaveGuard(() => file !== null)
  const toast = useToast()

  async function upload(event: FormEvent) {
    event.preventDefault()
    setError(null)
    if (!file) {
      setError('Choose a PDF first.')
      return
    }
    setBusy(true)
    try {
      const form = new FormData()
      form.set('file', file)
      await restCall('PUT', '/api/cv', form, 'The PDF could not be uploaded')
      await queryClient.invalidateQueries(trpc.cv.pathFilter())
      toast.success('Uploaded: /cv.pdf now serves your PDF.')
      setFile(null)
      ;(event.target as HTMLFormElement).reset()
    } catch (failure) {
      setError(sentenceOf(failure))
    } finally {
      setBusy(false)
    }
  }

  async function backToGenerated() {
    if (!window.confirm('Remove the uploaded PDF and serve the generated CV again?')) return
    try {
      await remove.mutateAsync()
      await queryClient.invalidateQueries(trpc.cv.pathFilter())
      toast.success('Removed: /cv.pdf is made from your content again.')
    } catch (failure) {
      // No form to show it in: the toast says why (and stays until dismissed).
      toast.error(sentenceOf(failure))
    }
  }

  return (
    <div className="space-y-6">
      <AdminPageHeader title="CV." lead="The PDF visitors download from /cv.pdf." />
      <section aria-labelledby="cv-current" className={`space-y-3 ${cardClass}`}>
        <h2 id="cv-current" className="text-xl font-bold tracking-tight text-strong">
          What visitors download
        </h2>
        {status.uploaded ? (
          <p className="text-body">
            Your uploaded PDF <strong className="break-all">{status.uploaded.file_name}</strong> (
            {formatBytes(status.uploaded.bytes)}, uploaded{' '}
            {new Date(status.uploaded.uploaded_at).toLocaleString()}).
          </p>
        ) : (
          <p className="text-body">
            The CV made from your profile, timeline and published projects. It changes when they do.
          </p>
        )}
        <p className="flex flex-wrap gap-x-5 gap-y-1">
          <a href="/cv.pdf" target="_blank" rel="noopener" className={linkClass}>
            Preview the PDF
          </a>
          <a href="/cv" target="_blank" rel="noopener" className={linkClass}>
            Open the CV page
          </a>
        </p>
        {status.uploaded ? (
          <button type="button" className={dangerButtonClass} onClick={backToGenerated}>
            Remove uploaded PDF
          </button>
        ) : null}
      </section>

      <form onSubmit={upload} aria-labelledby="cv-upload" className={`space-y-3 ${cardClass}`}>
        <h2 id="cv-upload" className="text-xl font-bold tracking-tight text-strong">
          Upload your own PDF
        </h2>
        <p className="text-sm text-muted">
          A PDF of at most 10 MB. It replaces the generated CV at /cv.pdf until you remove it.
        </p>
        <FilePickButton
          label="CV file (PDF)"
          text="Choose file"
          accept="application/pdf,.pdf"
          onFiles={(files) => setFile(files[0] ?? null)}
        />
        <ErrorAlert message={error} />
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? 'Uploading…' : 'Upload PDF'}
        </button>
      </form>
    </div>
  )
}
