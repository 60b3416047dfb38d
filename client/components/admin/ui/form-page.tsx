import { Link } from '@tanstack/react-router'
import type { FormEvent, ReactNode } from 'react'
import { ConflictDialog } from './conflict-dialog'
import { ErrorAlert, primaryButtonClass, secondaryButtonClass } from './form-controls'
import { AdminPageHeader } from './page-header'
import type { VersionConflict } from './use-schema-form'

interface FormPageProps {
  heading: string
  /** The submit button's text. */
  submit: string
  /** What the save does, beside the button and describing it (a draft, or published). */
  submitNote?: string
  /** The schema form (useSchemaForm): its submit handler and its save's state. */
  form: {
    onSubmit: (event: FormEvent<HTMLFormElement>) => void
    action: { error: string | null; saving: boolean }
    /** The form holds the changes kept when a save met an ended session. */
    draftRestored?: boolean
    /** A save refused over a newer version: the dialog asks Reload or Overwrite. */
    conflict?: VersionConflict | null
  }
  /** The fields. */
  children: ReactNode
  /** Room for a field with its preview beside it (the project form). */
  wide?: boolean
}

/**
 * The frame shared by the admin forms: the title on the page, the form in a card, and
 * under the fields the save's failure, Cancel (back to the dashboard) and the
 * submit button, disabled while the save runs.
 */
export function FormPage({ heading, submit, submitNote, form, children, wide }: FormPageProps) {
  return (
    <div className={`mx-auto w-full ${wide ? 'max-w-5xl' : 'max-w-2xl'} space-y-6`}>
      <AdminPageHeader title={heading} />
      {form.draftRestored ? (
        <p
          role="status"
          className="rounded-lg border border-warning-line bg-warning-soft px-3 py-2 text-sm text-warning-ink"
        >
          Your unsaved changes were restored after you signed in again. Review them, then save.
        </p>
      ) : null}
      <form className="card space-y-5 p-5 sm:p-8" aria-label={heading} onSubmit={form.onSubmit}>
        {children}
        <ErrorAlert message={form.action.error} />
        <div className="flex flex-col-reverse gap-3 border-t border-line pt-5 sm:flex-row sm:items-center sm:justify-end">
          <Link to="/admin" className={secondaryButtonClass}>
            Cancel
          </Link>
          <button
            type="submit"
            className={primaryButtonClass}
            disabled={form.action.saving}
            aria-describedby={submitNote ? 'form-submit-note' : undefined}
          >
            {submit}
          </button>
          {/* Above the buttons on a phone (the row is reversed there), before them from sm up. */}
          {submitNote ? (
            <p id="form-submit-note" className="text-sm text-muted sm:order-first sm:mr-auto">
              {submitNote}
            </p>
          ) : null}
        </div>
      </form>
      <ConflictDialog conflict={form.conflict ?? null} />
    </div>
  )
}
