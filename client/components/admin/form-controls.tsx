import type { ChangeEvent, InputHTMLAttributes, ReactNode } from 'react'
import type { TextBinding } from './use-schema-form'

/*
 * The admin forms reuse the site's shared controls (`form-field`, `button-*`
 * utilities in styles.css) so both areas look alike; the rest is local.
 */
/** An admin screen's card: a section of a form or a list. Add the spacing of its content. */
export const cardClass = 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6'

export const inputClass = 'form-field aria-[invalid=true]:border-rose-500 disabled:bg-slate-100'

export const primaryButtonClass = 'button-primary'

export const secondaryButtonClass = 'button-secondary'

/** The compact buttons inside dashboard rows. */
export const smallButtonClass =
  'inline-flex min-h-9 items-center justify-center rounded-full border border-slate-300 bg-white px-4 py-1.5 text-sm font-medium text-slate-700 transition-colors hover:border-slate-400 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:bg-white'

export const dangerButtonClass =
  'inline-flex min-h-9 items-center justify-center rounded-full border border-rose-200 bg-white px-4 py-1.5 text-sm font-medium text-rose-700 transition-colors hover:border-rose-300 hover:bg-rose-50 disabled:cursor-not-allowed disabled:opacity-60'

interface FieldProps {
  id: string
  label: string
  hint?: string
  error?: string | undefined
  children: ReactNode
}

/** A visible label tied to its control, an optional hint and the field's own error. */
export function Field({ id, label, hint, error, children }: FieldProps) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-rose-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** aria attributes that link a control to its hint and error texts. */
export function describedBy(id: string, opts: { hint?: boolean; error?: string | undefined }) {
  const ids = [opts.hint ? `${id}-hint` : null, opts.error ? `${id}-error` : null].filter(Boolean)
  return {
    'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined,
    'aria-invalid': opts.error ? true : undefined,
  }
}

/**
 * The hint under every list field (tags, image URLs, bullets); the spec's
 * "(comma-separated)" labels stay, and `splitCommaList` takes both.
 */
export const listHint = 'One per line, or separated by commas.'

export interface TextFieldProps
  extends Pick<
    InputHTMLAttributes<HTMLInputElement>,
    'required' | 'inputMode' | 'autoComplete' | 'placeholder' | 'maxLength'
  > {
  id: string
  label: string
  hint?: string
  field: TextBinding
  /** A textarea of this many rows instead of a one-line input. */
  rows?: number
}

/** A Field with its text input (or textarea) bound to one field of a schema form. */
export function TextField({ id, label, hint, field, ...control }: TextFieldProps) {
  const props = {
    id,
    ...control,
    value: field.value,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      field.set(event.target.value),
    className: inputClass,
    ...describedBy(id, { hint: hint !== undefined, error: field.error }),
  }
  return (
    <Field id={id} label={label} hint={hint} error={field.error}>
      {control.rows ? <textarea {...props} /> : <input type="text" {...props} />}
    </Field>
  )
}

/** An inline failure message, announced to assistive technology. */
export function ErrorAlert({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <p
      role="alert"
      className="rounded-lg border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-800"
    >
      {message}
    </p>
  )
}

/**
 * A confirmation (a save, a copy) that screen readers announce: the live
 * region is always in the page, so a new message is never missed.
 */
export function StatusMessage({ message }: { message: string | null }) {
  return (
    <p
      role="status"
      className={
        message
          ? 'rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800'
          : 'sr-only'
      }
    >
      {message}
    </p>
  )
}
