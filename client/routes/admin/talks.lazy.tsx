import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createLazyFileRoute } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { type Talk, type TalkType, talkTypeLabels, talkTypes } from '../../../src/schemas/talk'
import {
  CheckboxField,
  cardClass,
  ErrorAlert,
  inputClass,
  primaryButtonClass,
  StatusMessage,
  secondaryButtonClass,
  smallButtonClass,
} from '../../components/admin/ui/form-controls'
import { Badge } from '../../components/admin/ui/list-parts'
import { AdminPageHeader } from '../../components/admin/ui/page-header'
import { DeleteButton } from '../../components/admin/ui/row-actions'
import { EmptyState, SectionCard } from '../../components/admin/ui/section-card'
import { useDeletableList } from '../../components/admin/ui/use-deletable-list'
import { failureText } from '../../lib/admin-errors'
import { useTrpc } from '../../lib/trpc'

export const Route = createLazyFileRoute('/admin/talks')({
  component: TalksScreen,
})

const empty = {
  title: '',
  event: '',
  date: '',
  place: '',
  online: false,
  type: 'talk' as TalkType,
  abstract: '',
  slides_url: '',
  video_url: '',
  recording_url: '',
  published: true,
}

function TalksScreen() {
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const { items: talks, deletion } = useDeletableList({
    list: trpc.talks.list.queryOptions(),
    remove: trpc.talks.delete.mutationOptions(),
    stale: trpc.talks.pathFilter(),
    question: 'Are you sure you want to delete this talk?',
    fallback: 'The talk could not be deleted.',
    deleted: 'Talk deleted.',
    trashKind: 'talk',
  })
  const create = useMutation(trpc.talks.create.mutationOptions())
  const update = useMutation(trpc.talks.update.mutationOptions())
  const [form, setForm] = useState(empty)
  /** The talk the form edits; null: the form adds one. */
  const [editing, setEditing] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const set = <K extends keyof typeof empty>(key: K, value: (typeof empty)[K]) =>
    setForm((current) => ({ ...current, [key]: value }))

  async function submit(event: FormEvent) {
    event.preventDefault()
    setError(null)
    setDone(null)
    try {
      const { published, ...fields } = form
      const data = { ...fields, status: published ? ('published' as const) : ('draft' as const) }
      if (editing === null) await create.mutateAsync(data)
      else await update.mutateAsync({ id: editing, ...data })
      setForm(empty)
      setEditing(null)
      setDone(editing === null ? 'Talk added.' : 'Talk saved.')
      await queryClient.invalidateQueries(trpc.talks.pathFilter())
    } catch (failure) {
      setError(failureText(failure, 'The talk could not be saved.'))
    }
  }

  function edit(talk: Talk) {
    setError(null)
    setDone(null)
    setEditing(talk.id)
    setForm({
      title: talk.title,
      event: talk.event,
      date: talk.date,
      place: talk.place,
      online: talk.online,
      type: talk.type,
      abstract: talk.abstract,
      slides_url: talk.slides_url ?? '',
      video_url: talk.video_url ?? '',
      recording_url: talk.recording_url ?? '',
      published: talk.status === 'published',
    })
    requestAnimationFrame(() => document.getElementById('talk-title')?.focus())
  }

  const text = (
    key: 'title' | 'event' | 'place' | 'slides_url' | 'video_url' | 'recording_url',
    label: string,
    type = 'text',
  ) => (
    <div>
      <label htmlFor={`talk-${key}`} className="block text-sm font-medium text-body">
        {label}
      </label>
      <input
        id={`talk-${key}`}
        type={type}
        value={form[key]}
        onChange={(event) => set(key, event.target.value)}
        className={inputClass}
      />
    </div>
  )

  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Talks."
        lead="Talks, posters and keynotes, shown at /talks, newest first."
      />
      <SectionCard id="manage-talks" title="All talks" error={deletion.error}>
        {talks.length === 0 ? (
          <EmptyState>No talks yet. Add the first one below.</EmptyState>
        ) : (
          <ul className="divide-y divide-line">
            {talks.map((talk) => {
              const titleId = `talk-${talk.id}-title`
              return (
                <li key={talk.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
                  <div className="min-w-0 flex-1 space-y-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 id={titleId} className="font-semibold wrap-anywhere text-strong">
                        {talk.title}
                      </h3>
                      <Badge tone={talk.status === 'published' ? 'green' : 'slate'}>
                        {talk.status === 'published' ? 'Published' : 'Draft'}
                      </Badge>
                    </div>
                    <p className="text-sm text-muted">
                      {[talk.date, talkTypeLabels[talk.type], talk.event]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      aria-describedby={titleId}
                      className={smallButtonClass}
                      onClick={() => edit(talk)}
                    >
                      Edit
                    </button>
                    <DeleteButton deletion={deletion} id={talk.id} describedBy={titleId} />
                  </div>
                </li>
              )
            })}
          </ul>
        )}
      </SectionCard>
      <form onSubmit={submit} aria-labelledby="add-talk-title" className={`space-y-3 ${cardClass}`}>
        <h2 id="add-talk-title" className="text-xl font-bold tracking-tight text-strong">
          {editing === null ? 'Add a talk' : 'Edit talk'}
        </h2>
        {text('title', 'Title')}
        {text('event', 'Event')}
        <div>
          <label htmlFor="talk-date" className="block text-sm font-medium text-body">
            Date
          </label>
          <input
            id="talk-date"
            type="date"
            value={form.date}
            onChange={(event) => set('date', event.target.value)}
            className={inputClass}
          />
        </div>
        {text('place', 'Place')}
        <CheckboxField
          id="talk-online"
          label="Online"
          checked={form.online}
          onChange={(v) => set('online', v)}
        />
        <div>
          <label htmlFor="talk-type" className="block text-sm font-medium text-body">
            Type
          </label>
          <select
            id="talk-type"
            value={form.type}
            onChange={(event) => set('type', event.target.value as TalkType)}
            className={inputClass}
          >
            {talkTypes.map((type) => (
              <option key={type} value={type}>
                {talkTypeLabels[type]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="talk-abstract" className="block text-sm font-medium text-body">
            Abstract (Markdown)
          </label>
          <textarea
            id="talk-abstract"
            rows={4}
            value={form.abstract}
            onChange={(event) => set('abstract', event.target.value)}
            className={inputClass}
          />
        </div>
        {text('slides_url', 'Slides link', 'url')}
        {text('video_url', 'Video link', 'url')}
        {text('recording_url', 'Recording link', 'url')}
        <CheckboxField
          id="talk-published"
          label="Published"
          checked={form.published}
          onChange={(v) => set('published', v)}
        />
        <ErrorAlert message={error} />
        <StatusMessage message={done} />
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            className={primaryButtonClass}
            disabled={create.isPending || update.isPending}
          >
            {create.isPending || update.isPending
              ? 'Saving…'
              : editing === null
                ? 'Add talk'
                : 'Save talk'}
          </button>
          {editing === null ? null : (
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => {
                setEditing(null)
                setForm(empty)
                setError(null)
              }}
            >
              Cancel editing
            </button>
          )}
        </div>
      </form>
    </div>
  )
}
