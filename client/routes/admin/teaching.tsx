import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import {
  CheckboxField,
  cardClass,
  ErrorAlert,
  inputClass,
  primaryButtonClass,
  StatusMessage,
} from '../../components/admin/ui/form-controls'
import { Badge } from '../../components/admin/ui/list-parts'
import { AdminPageHeader } from '../../components/admin/ui/page-header'
import { DeleteButton } from '../../components/admin/ui/row-actions'
import { EmptyState, SectionCard } from '../../components/admin/ui/section-card'
import { useDeletableList } from '../../components/admin/ui/use-deletable-list'
import { failureText } from '../../lib/admin-errors'
import { useTrpc } from '../../lib/trpc'

export const Route = createFileRoute('/admin/teaching')({
  loader: async ({ context: { queryClient, loadTrpc } }) => {
    const trpc = await loadTrpc()
    await queryClient.ensureQueryData(trpc.teaching.list.queryOptions())
  },
  head: () => ({ meta: [{ title: 'Teaching' }] }),
  component: TeachingScreen,
})

const empty = { course: '', institution: '', role: '', terms: '', description: '', published: true }

function TeachingScreen() {
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const { items: courses, deletion } = useDeletableList({
    list: trpc.teaching.list.queryOptions(),
    remove: trpc.teaching.delete.mutationOptions(),
    stale: trpc.teaching.pathFilter(),
    question: 'Are you sure you want to delete this course?',
    fallback: 'The course could not be deleted.',
    deleted: 'Course deleted.',
    trashKind: 'teaching',
  })
  const create = useMutation(trpc.teaching.create.mutationOptions())
  const [form, setForm] = useState(empty)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const set = <K extends keyof typeof empty>(key: K, value: (typeof empty)[K]) =>
    setForm((current) => ({ ...current, [key]: value }))

  async function submit(event: FormEvent) {
    event.preventDefault()
    setError(null)
    setDone(null)
    try {
      const { published, terms, ...fields } = form
      await create.mutateAsync({
        ...fields,
        terms: terms.split(',').map((term) => term.trim()),
        status: published ? 'published' : 'draft',
      })
      setForm(empty)
      setDone('Course added.')
      await queryClient.invalidateQueries(trpc.teaching.pathFilter())
    } catch (failure) {
      setError(failureText(failure, 'The course could not be saved.'))
    }
  }

  const text = (key: 'course' | 'institution' | 'role' | 'terms', label: string, hint?: string) => (
    <div>
      <label htmlFor={`teaching-${key}`} className="block text-sm font-medium text-body">
        {label}
      </label>
      {hint ? (
        <p id={`teaching-${key}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <input
        id={`teaching-${key}`}
        value={form[key]}
        onChange={(event) => set(key, event.target.value)}
        aria-describedby={hint ? `teaching-${key}-hint` : undefined}
        className={inputClass}
      />
    </div>
  )

  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Teaching."
        lead="Courses you taught or assisted, shown at /teaching."
      />
      <SectionCard id="manage-teaching" title="All courses" error={deletion.error}>
        {courses.length === 0 ? (
          <EmptyState>No courses yet. Add the first one below.</EmptyState>
        ) : (
          <ul className="divide-y divide-line">
            {courses.map((course) => {
              const titleId = `course-${course.id}-title`
              return (
                <li
                  key={course.id}
                  className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center"
                >
                  <div className="min-w-0 flex-1 space-y-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 id={titleId} className="font-semibold wrap-anywhere text-strong">
                        {course.course}
                      </h3>
                      <Badge tone={course.status === 'published' ? 'green' : 'slate'}>
                        {course.status === 'published' ? 'Published' : 'Draft'}
                      </Badge>
                    </div>
                    <p className="text-sm text-muted">
                      {[course.role, course.institution, course.terms.join(', ')]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                  </div>
                  <DeleteButton deletion={deletion} id={course.id} describedBy={titleId} />
                </li>
              )
            })}
          </ul>
        )}
      </SectionCard>
      <form
        onSubmit={submit}
        aria-labelledby="add-course-title"
        className={`space-y-3 ${cardClass}`}
      >
        <h2 id="add-course-title" className="text-xl font-bold tracking-tight text-strong">
          Add a course
        </h2>
        {text('course', 'Course')}
        {text('institution', 'Institution')}
        {text('role', 'Role')}
        {text('terms', 'Terms', 'Separated by commas: Fall 2024, Fall 2025.')}
        <div>
          <label htmlFor="teaching-description" className="block text-sm font-medium text-body">
            Description (Markdown)
          </label>
          <textarea
            id="teaching-description"
            rows={4}
            value={form.description}
            onChange={(event) => set('description', event.target.value)}
            className={inputClass}
          />
        </div>
        <CheckboxField
          id="teaching-published"
          label="Published"
          checked={form.published}
          onChange={(v) => set('published', v)}
        />
        <ErrorAlert message={error} />
        <StatusMessage message={done} />
        <button type="submit" className={primaryButtonClass} disabled={create.isPending}>
          {create.isPending ? 'Saving…' : 'Add course'}
        </button>
      </form>
    </div>
  )
}
