import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createLazyFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import type { ImportResult } from '../../../src/schemas/json-resume'
import { FilePickButton } from '../../components/admin/media/upload-controls'
import {
  cardClass,
  ErrorAlert,
  primaryButtonClass,
  StatusMessage,
  secondaryButtonClass,
} from '../../components/admin/ui/form-controls'
import { AdminPageHeader } from '../../components/admin/ui/page-header'
import { useLeaveGuard } from '../../components/admin/ui/use-leave-guard'
import { failureText } from '../../lib/admin-errors'
import { plural } from '../../lib/analytics'
import { useTrpc } from '../../lib/trpc'

export const Route = createLazyFileRoute('/admin/import')({
  component: ImportScreen,
})

function Preview({ result }: { result: ImportResult }) {
  const { timeline, projects } = result.created
  const nothing = timeline.length === 0 && projects.length === 0 && result.profile.length === 0
  return (
    <div className="space-y-4">
      <p className="font-medium text-strong">
        {nothing
          ? 'Nothing new: everything in this document is already on the site.'
          : `${result.dry_run ? 'Will create' : 'Created'} ${plural(timeline.length, 'timeline event', 'timeline events')} and ${plural(projects.length, 'project', 'projects')}.`}
      </p>
      {timeline.length > 0 ? (
        <div>
          <h3 className="font-semibold text-strong">Timeline events</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-body">
            {timeline.map((event) => (
              <li key={`${event.event_type}-${event.title}-${event.start_date}`}>
                <strong>{event.title}</strong>
                {event.position ? `, ${event.position}` : ''} ({event.start_date} –{' '}
                {event.end_date ?? 'Present'}, {event.event_type})
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {projects.length > 0 ? (
        <div>
          <h3 className="font-semibold text-strong">Projects</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-body">
            {projects.map((project) => (
              <li key={project.title}>
                <strong>{project.title}</strong>: {project.description}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {result.profile.length > 0 ? (
        <p className="text-sm text-body">
          Empty profile fields filled: {result.profile.join(', ')}.
        </p>
      ) : null}
      {result.skipped.length > 0 ? (
        <div>
          <h3 className="font-semibold text-strong">Skipped</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-muted">
            {result.skipped.map((entry) => (
              <li key={`${entry.section}-${entry.title}-${entry.reason}`}>
                {entry.title} ({entry.section}): {entry.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
}

function ImportScreen() {
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const preview = useMutation(trpc.import.jsonResumePreview.mutationOptions())
  const apply = useMutation(trpc.import.jsonResume.mutationOptions())
  const [document, setDocument] = useState<Record<string, unknown> | null>(null)
  const [result, setResult] = useState<ImportResult | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  // A document previewed and not imported yet: leaving asks first.
  useLeaveGuard(() => document !== null)

  async function choose(files: File[]) {
    setError(null)
    setDone(null)
    setResult(null)
    setDocument(null)
    const file = files[0]
    if (!file) return
    let parsed: unknown
    try {
      parsed = JSON.parse(await file.text())
    } catch {
      setError('This file is not JSON: choose a JSON Resume file (resume.json).')
      return
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      setError('A JSON Resume document is a JSON object.')
      return
    }
    const resume = parsed as Record<string, unknown>
    try {
      setResult(await preview.mutateAsync(resume))
      setDocument(resume)
    } catch (failure) {
      setError(failureText(failure, 'The document could not be read.'))
    }
  }

  async function confirm() {
    if (!document) return
    setError(null)
    try {
      const imported = await apply.mutateAsync(document)
      setResult(imported)
      setDocument(null)
      setDone(
        `Imported ${plural(imported.created.timeline.length, 'timeline event', 'timeline events')} and ${plural(imported.created.projects.length, 'project', 'projects')}.`,
      )
      await Promise.all([
        queryClient.invalidateQueries(trpc.timeline.pathFilter()),
        queryClient.invalidateQueries(trpc.projects.pathFilter()),
        queryClient.invalidateQueries(trpc.profile.pathFilter()),
      ])
    } catch (failure) {
      setError(failureText(failure, 'The import failed.'))
    }
  }

  const canImport =
    document !== null &&
    result !== null &&
    (result.created.timeline.length > 0 ||
      result.created.projects.length > 0 ||
      result.profile.length > 0)

  return (
    <div className="space-y-6">
      <AdminPageHeader title="Import." lead="Fill the site from a document you already have." />
      <section aria-labelledby="import-title" className={`space-y-3 ${cardClass}`}>
        <h2 id="import-title" className="text-xl font-bold tracking-tight text-strong">
          From a JSON Resume
        </h2>
        <p className="text-sm text-muted">
          Choose a <code>resume.json</code> (the JSON Resume format). You see what it adds before
          anything is saved: work and education become timeline events, projects become projects,
          and empty profile fields are filled. Entries already on the site are skipped.
        </p>
        <FilePickButton
          label="JSON Resume file"
          text="Choose file"
          accept="application/json,.json"
          onFiles={choose}
        />
        <ErrorAlert message={error} />
        <StatusMessage message={done} />
        {preview.isPending ? <p className="text-sm text-muted">Reading…</p> : null}
        {result ? (
          <section aria-labelledby="preview-title" className="space-y-3">
            <h2 id="preview-title" className="text-lg font-bold text-strong">
              {result.dry_run ? 'Preview' : 'Result'}
            </h2>
            <Preview result={result} />
          </section>
        ) : null}
        {document ? (
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className={primaryButtonClass}
              onClick={confirm}
              disabled={!canImport || apply.isPending}
            >
              {apply.isPending ? 'Importing…' : 'Import'}
            </button>
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => {
                setDocument(null)
                setResult(null)
              }}
            >
              Cancel
            </button>
          </div>
        ) : null}
      </section>
    </div>
  )
}
