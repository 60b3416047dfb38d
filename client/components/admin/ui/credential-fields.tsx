import type { ReactNode, Ref } from 'react'
import { limits } from '../../../../src/schemas/fields'
import { Field, inputClass } from './form-controls'

/*
 * The fields that prove who the owner is, the same on the sign-in, set-up,
 * security and restore screens: a username, a password (current or new), a
 * one-time code. Each is a labelled input read from the form's FormData by
 * its `name`; its hint is tied to it, and `invalid` marks it after a refusal
 * shown in the form's error alert.
 */

interface CredentialFieldProps {
  id: string
  /** The form's field name; the kind's own name when absent. */
  name?: string
  label?: string
  hint?: string
  invalid?: boolean
  /** Ids of further texts that describe it (a form-wide error). */
  describedBy?: string
  className?: string
}

function describedByOf(id: string, hint: string | undefined, more: string | undefined) {
  const ids = [hint ? `${id}-hint` : null, more ?? null].filter(Boolean)
  return ids.length > 0 ? ids.join(' ') : undefined
}

export function UsernameField({
  id,
  name = 'username',
  label = 'Username',
  passkeyAutofill = false,
}: CredentialFieldProps & {
  /** The sign-in page: the browser's autofill also offers this site's passkeys here. */
  passkeyAutofill?: boolean
}) {
  return (
    <Field id={id} label={label}>
      <input
        id={id}
        name={name}
        type="text"
        autoComplete={passkeyAutofill ? 'username webauthn' : 'username'}
        required
        maxLength={limits.username}
        className={inputClass}
      />
    </Field>
  )
}

/** A password: the current one (sign-in, a confirmation) or a new one, at least the minimum long. */
export function PasswordField({
  id,
  name = 'password',
  label = 'Password',
  hint,
  invalid,
  describedBy,
  className = inputClass,
  isNew = false,
}: CredentialFieldProps & { isNew?: boolean }) {
  return (
    <Field id={id} label={label} hint={hint}>
      <input
        id={id}
        name={name}
        type="password"
        autoComplete={isNew ? 'new-password' : 'current-password'}
        required
        minLength={isNew ? limits.passwordMin : undefined}
        maxLength={limits.password}
        aria-describedby={describedByOf(id, hint, describedBy)}
        aria-invalid={invalid ? true : undefined}
        className={className}
      />
    </Field>
  )
}

/** A code from the authenticator app (or a recovery code, where `numeric` is off). */
export function CodeField({
  id,
  name = 'code',
  label = 'Authentication code',
  hint,
  invalid,
  describedBy,
  className = inputClass,
  numeric = false,
  inputRef,
}: CredentialFieldProps & { numeric?: boolean; inputRef?: Ref<HTMLInputElement> }) {
  return (
    <Field id={id} label={label} hint={hint}>
      <input
        ref={inputRef}
        id={id}
        name={name}
        type="text"
        inputMode={numeric ? 'numeric' : undefined}
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        required
        maxLength={limits.code}
        aria-describedby={describedByOf(id, hint, describedBy)}
        aria-invalid={invalid ? true : undefined}
        className={className}
      />
    </Field>
  )
}

/** The sign-in and set-up pages' frame: a narrow card with the page's title. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-sm py-10">
      <div className="card p-6 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-strong">{title}</h1>
        {children}
      </div>
    </section>
  )
}
