// The admin and sign-in screens' stylesheet travels with their controls (client/admin.css).
import '../../../admin.css'
import type { ChangeEvent, InputHTMLAttributes, ReactNode } from 'react'
import type { TextBinding } from './use-schema-form'

/*
 * The admin forms reuse the site's shared controls (`form-field`, `button-*`
 * utilities in styles.css) so both areas look alike; the rest is local.
 */
/** An admin screen's card: a section of a form or a list. Add the spacing of its content. */
export const cardClass = 'card p-4 sm:p-6'

export const inputClass = 'form-field aria-[invalid=true]:border-danger disabled:bg-surface-sunken'

export const primaryButtonClass = 'button-primary'

export const secondaryButtonClass = 'button-secondary'

/** The compact buttons inside dashboard rows. */
export const smallButtonClass =
  'inline-flex min-h-9 items-center justify-center rounded-full border border-line-strong bg-surface-raised px-4 py-1.5 text-sm font-medium text-body transition-colors hover:border-faint hover:bg-surface disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:bg-surface-raised'

export const dangerButtonClass =
  'inline-flex min-h-9 items-center justify-center rounded-full border border-danger-line bg-surface-raised px-4 py-1.5 text-sm font-medium text-danger-ink transition-colors hover:border-danger-line hover:bg-danger-soft disabled:cursor-not-allowed disabled:opacity-60'

interface FieldProps {
  id: string
  label: string
  hint?: string
  error?: string | undefined
  /** Under the control, before the hint: a length counter (see LengthCount). */
  count?: ReactNode
  children: ReactNode
}

/** A visible label tied to its control, an optional hint and the field's own error. */
export function Field({ id, label, hint, error, count, children }: FieldProps) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-body">
        {label}
      </label>
      {children}
      {count}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger-ink">
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
export const listHint =
  'One per line, or separated by commas. A comma between two digits (40,000) stays in the item.'

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

/** The share of a limit from which the counter shows. */
const COUNT_FROM = 0.8

/**
 * A text's length against its limit, as the server counts it (trimmed):
 * shown from 80 % of the limit, in words a screen reader announces politely
 * (the live region is always in the page). Over the limit, the field also
 * says so (`message`), and a save is refused; nothing is ever cut.
 */
export function lengthLimit(id: string, label: string, value: string, max: number | undefined) {
  const length = value.trim().length
  if (max === undefined) return { count: null, message: undefined, countId: undefined }
  const left = max - length
  const near = length >= max * COUNT_FROM
  const countId = `${id}-count`
  const words =
    left >= 0
      ? `${length.toLocaleString('en-GB')} of ${max.toLocaleString('en-GB')} characters`
      : `${(-left).toLocaleString('en-GB')} ${-left === 1 ? 'character' : 'characters'} too many`
  const count = (
    <p
      id={countId}
      aria-live="polite"
      className={
        near
          ? `text-xs tabular-nums ${left < 0 ? 'font-medium text-danger-ink' : 'text-muted'}`
          : 'sr-only'
      }
    >
      {near ? words : null}
    </p>
  )
  return {
    count,
    countId: near ? countId : undefined,
    message: left < 0 ? `${label} must be at most ${max} characters.` : undefined,
  }
}

/**
 * A Field with its text input (or textarea) bound to one field of a schema
 * form. A `maxLength` is not given to the control (a browser would cut a
 * paste without a word): the field counts instead (lengthLimit).
 */
export function TextField({ id, label, hint, field, maxLength, ...control }: TextFieldProps) {
  const limit = lengthLimit(id, label, field.value, maxLength)
  const error = field.error ?? limit.message
  const described = describedBy(id, { hint: hint !== undefined, error })
  const props = {
    id,
    ...control,
    value: field.value,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      field.set(event.target.value),
    className: inputClass,
    ...described,
    'aria-describedby':
      [described['aria-describedby'], limit.countId].filter(Boolean).join(' ') || undefined,
  }
  return (
    <Field id={id} label={label} hint={hint} error={error} count={limit.count}>
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
      className="rounded-lg border border-danger-line bg-danger-soft px-3 py-2 text-sm text-danger-ink"
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
          ? 'rounded-lg border border-success-line bg-success-soft px-3 py-2 text-sm text-success-ink'
          : 'sr-only'
      }
    >
      {message}
    </p>
  )
}

/** A checkbox with its label beside it and, optionally, a hint under the label. */
export function CheckboxField({
  id,
  label,
  hint,
  checked,
  onChange,
}: {
  id: string
  label: string
  hint?: string
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  return (
    <div className={`flex gap-3 ${hint ? 'items-start' : 'items-center'}`}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={`size-4 rounded border-line-strong accent-accent ${hint ? 'mt-0.5' : ''}`}
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-body">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-muted">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  )
}

/** A labelled search box that filters a list as one types. */
export function SearchField({
  id,
  label,
  value,
  onChange,
  placeholder,
  className = inputClass,
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  placeholder?: string
  className?: string
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-body">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        className={className}
      />
    </div>
  )
}
