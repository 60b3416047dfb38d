import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createLazyFileRoute } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import type { Teaching } from '../../../src/schemas/teaching'
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
import { SortableList } from '../../components/admin/ui/sortable-list'
import { useDeletableList } from '../../components/admin/ui/use-deletable-list'
import { useReorder } from '../../components/admin/ui/use-reorder'
import { failureText } from '../../lib/admin-errors'
import { useTrpc } from '../../lib/trpc'

export const Route = createLazyFileRoute('/admin/teaching')({
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
  const update = useMutation(trpc.teaching.update.mutationOptions())
  const reorder = useReorder({
    listKey: trpc.teaching.list.queryKey(),
    reorder: trpc.teaching.reorder.mutationOptions(),
    stale: trpc.teaching.pathFilter(),
    saved: 'Course order saved.',
    failed: 'The new order was not saved.',
  })
  const [form, setForm] = useState(empty)
  /** The course the form edits; null: the form adds one. */
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
      const { published, terms, ...fields } = form
      const data = {
        ...fields,
        terms: terms
          .split(',')
          .map((term) => term.trim())
          .filter(Boolean),
        status: published ? ('published' as const) : ('draft' as const),
      }
      if (editing === null) await create.mutateAsync(data)
      else await update.mutateAsync({ id: editing, ...data })
      setForm(empty)
      setEditing(null)
      setDone(editing === null ? 'Course added.' : 'Course saved.')
      await queryClient.invalidateQueries(trpc.teaching.pathFilter())
    } catch (failure) {
      setError(failureText(failure, 'The course could not be saved.'))
    }
  }

  function edit(course: Teaching) {
    setError(null)
    setDone(null)
    setEditing(course.id)
    setForm({
      course: course.course,
      institution: course.institution,
      role: course.role,
      terms: course.terms.join(', '),
      description: course.description,
      published: course.status === 'published',
    })
    requestAnimationFrame(() => document.getElementById('teaching-course')?.focus())
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
          <SortableList
            items={courses}
            label="Courses, in the order the site shows them"
            nameOf={(course) => course.course}
            onReorder={reorder}
            className="divide-y divide-line rounded-control border border-line"
          >
            {(course, controls) => {
              const titleId = `course-${course.id}-title`
              return (
                <div className="flex flex-wrap items-center gap-x-3 gap-y-3 p-3 sm:flex-nowrap sm:gap-x-4 sm:p-4">
                  {controls.handle(titleId)}
                  <div className="min-w-0 flex-1 basis-40 space-y-1">
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
                  <div className="flex shrink-0 flex-wrap items-center gap-2 max-sm:w-full max-sm:justify-end">
                    {controls.moveButtons(titleId)}
                    <button
                      type="button"
                      aria-describedby={titleId}
                      className={smallButtonClass}
                      onClick={() => edit(course)}
                    >
                      Edit
                    </button>
                    <DeleteButton deletion={deletion} id={course.id} describedBy={titleId} />
                  </div>
                </div>
              )
            }}
          </SortableList>
        )}
      </SectionCard>
      <form
        onSubmit={submit}
        aria-labelledby="add-course-title"
        className={`space-y-3 ${cardClass}`}
      >
        <h2 id="add-course-title" className="text-xl font-bold tracking-tight text-strong">
          {editing === null ? 'Add a course' : 'Edit course'}
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
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            className={primaryButtonClass}
            disabled={create.isPending || update.isPending}
          >
            {create.isPending || update.isPending
              ? 'Saving…'
              : editing === null
                ? 'Add course'
                : 'Save course'}
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
