import { browserSupportsWebAuthn } from '@simplewebauthn/browser'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import type { PasskeyInfo } from '../../../../src/schemas/passkeys'
import { failureText } from '../../../lib/admin-errors'
import { createPasskey, passkeyFailureText } from '../../../lib/passkeys'
import { useTrpc } from '../../../lib/trpc'
import { PasswordField } from '../ui/credential-fields'
import {
  cardClass,
  dangerButtonClass,
  ErrorAlert,
  Field,
  inputClass,
  primaryButtonClass,
  StatusMessage,
  secondaryButtonClass,
  smallButtonClass,
} from '../ui/form-controls'

const formatDate = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** The longest passkey name (src/schemas/passkeys.ts). */
const NAME_MAX = 100

/**
 * Settings → Security, passkeys: add one (the password first, then the
 * browser's own prompt), rename or remove each. The password stays, so
 * removing a passkey never locks the owner out; the removal says so.
 */
export function PasskeysCard() {
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const { data: passkeys } = useSuspenseQuery(trpc.passkeys.list.queryOptions())
  const start = useMutation(trpc.passkeys.registrationOptions.mutationOptions())
  const register = useMutation(trpc.passkeys.register.mutationOptions())
  const [supported] = useState(() => typeof window !== 'undefined' && browserSupportsWebAuthn())
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const headingId = useId()

  const refresh = () => queryClient.invalidateQueries(trpc.passkeys.list.queryFilter())

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    const name = String(data.get('name') ?? '').trim()
    const password = String(data.get('password') ?? '')
    setError(null)
    setNotice(null)
    try {
      const { options } = await start.mutateAsync({ password })
      const response = await createPasskey(options)
      const added = await register.mutateAsync({
        name,
        response: { ...response, clientExtensionResults: { ...response.clientExtensionResults } },
      })
      form.reset()
      setNotice(`Passkey “${added.name}” added. You can sign in with it on the login page.`)
    } catch (caught) {
      setError(passkeyFailureText(caught, 'The passkey could not be added.'))
    }
    await refresh()
  }

  const busy = start.isPending || register.isPending
  const elsewhere = passkeys.filter((passkey) => passkey.other_site)

  return (
    <section aria-labelledby={headingId} className={`space-y-4 ${cardClass}`}>
      <h2 id={headingId} className="text-xl font-bold tracking-tight text-strong">
        Passkeys
      </h2>
      <p className="text-sm text-body">
        Sign in with your fingerprint, your face, your device’s PIN or a security key instead of
        typing the password. A passkey works only on this site’s address, so a look-alike page
        cannot use it. Your password keeps working.
      </p>
      <StatusMessage message={notice} />
      {elsewhere.length > 0 ? (
        <p
          role="note"
          className="rounded-lg border border-warning-line bg-warning-soft px-3 py-2 text-sm text-warning-ink"
        >
          {elsewhere.length === 1
            ? `1 passkey was made for another site (${elsewhere[0]?.rp_id}): it cannot sign in here. Add a new one and remove it.`
            : `${elsewhere.length} passkeys were made for another site: they cannot sign in here. Add new ones and remove them.`}
        </p>
      ) : null}
      {passkeys.length === 0 ? (
        <p className="text-sm text-muted">No passkeys yet.</p>
      ) : (
        <ul
          aria-label="Your passkeys"
          className="divide-y divide-line rounded-control border border-line"
        >
          {passkeys.map((passkey) => (
            <PasskeyRow
              key={passkey.id}
              passkey={passkey}
              onChanged={async (message) => {
                setError(null)
                // The list read again first: the notice comes with the row as it now is
                // (a rename's new name, a removal's row gone), never beside the old one.
                await refresh()
                setNotice(message)
              }}
            />
          ))}
        </ul>
      )}
      {supported ? (
        <form className="space-y-4" onSubmit={add}>
          <Field
            id="passkey-name"
            label="Passkey name"
            hint="Which device or key it is, to tell them apart."
          >
            <input
              id="passkey-name"
              name="name"
              type="text"
              required
              maxLength={NAME_MAX}
              placeholder="Phone, laptop, YubiKey…"
              aria-describedby="passkey-name-hint"
              className={`${inputClass} sm:max-w-xs`}
            />
          </Field>
          <PasswordField
            id="passkey-password"
            hint="To add a passkey, confirm it is you."
            invalid={Boolean(error)}
            className={`${inputClass} sm:max-w-xs`}
          />
          <ErrorAlert message={error} />
          <button type="submit" className={primaryButtonClass} disabled={busy}>
            Add a passkey
          </button>
        </form>
      ) : (
        <p className="text-sm text-muted">
          This browser cannot create passkeys. Use a current Chrome, Edge, Firefox or Safari.
        </p>
      )}
    </section>
  )
}

function PasskeyRow({
  passkey,
  onChanged,
}: {
  passkey: PasskeyInfo
  onChanged: (message: string) => Promise<void>
}) {
  const trpc = useTrpc()
  const rename = useMutation(trpc.passkeys.rename.mutationOptions())
  const remove = useMutation(trpc.passkeys.remove.mutationOptions())
  const [mode, setMode] = useState<'view' | 'rename' | 'remove'>('view')
  const [error, setError] = useState<string | null>(null)
  const nameId = `passkey-${passkey.id}`
  const fieldId = `passkey-${passkey.id}-name`

  async function saveName(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim()
    setError(null)
    try {
      const renamed = await rename.mutateAsync({ id: passkey.id, name })
      setMode('view')
      await onChanged(`Passkey renamed to “${renamed.name}”.`)
    } catch (caught) {
      setError(failureText(caught, 'The passkey could not be renamed.'))
    }
  }

  async function confirmRemove() {
    setError(null)
    try {
      await remove.mutateAsync({ id: passkey.id })
      await onChanged(`Passkey “${passkey.name}” removed.`)
    } catch (caught) {
      setError(failureText(caught, 'The passkey could not be removed.'))
    }
  }

  // Renaming and removing both end here: back to the row, its error gone.
  const cancel = (
    <button
      type="button"
      className={secondaryButtonClass}
      onClick={() => {
        setMode('view')
        setError(null)
      }}
    >
      Cancel
    </button>
  )

  return (
    <li className="space-y-3 px-4 py-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 space-y-0.5 text-sm">
          <p id={nameId} className="font-semibold break-words text-strong">
            {passkey.name}
            {passkey.backed_up ? (
              <span className="ml-2 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-medium text-accent-ink">
                Synced
              </span>
            ) : null}
            {passkey.other_site ? (
              <span className="ml-2 rounded-full bg-warning-soft px-2 py-0.5 text-xs font-medium text-warning-ink">
                Another site: {passkey.rp_id}
              </span>
            ) : null}
          </p>
          <p className="text-muted">
            Added {formatDate(passkey.created_at)} ·{' '}
            {passkey.last_used_at ? `last used ${formatDate(passkey.last_used_at)}` : 'never used'}
          </p>
        </div>
        {mode === 'view' ? (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={smallButtonClass}
              aria-describedby={nameId}
              onClick={() => setMode('rename')}
            >
              Rename
            </button>
            <button
              type="button"
              className={dangerButtonClass}
              aria-describedby={nameId}
              onClick={() => setMode('remove')}
            >
              Remove
            </button>
          </div>
        ) : null}
      </div>
      {mode === 'rename' ? (
        <form className="flex flex-wrap items-end gap-3" onSubmit={saveName}>
          <Field id={fieldId} label="New name">
            <input
              id={fieldId}
              name="name"
              type="text"
              required
              maxLength={NAME_MAX}
              defaultValue={passkey.name}
              aria-invalid={error ? true : undefined}
              className={`${inputClass} sm:max-w-xs`}
            />
          </Field>
          <button type="submit" className={primaryButtonClass} disabled={rename.isPending}>
            Save name
          </button>
          {cancel}
        </form>
      ) : null}
      {mode === 'remove' ? (
        <div className="space-y-3 rounded-control bg-surface-sunken p-3 text-sm text-body">
          <p>
            Remove “{passkey.name}”? It will no longer sign you in. Your password still does, so you
            cannot lock yourself out this way.
          </p>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className={dangerButtonClass}
              disabled={remove.isPending}
              onClick={confirmRemove}
            >
              Remove passkey
            </button>
            {cancel}
          </div>
        </div>
      ) : null}
      <ErrorAlert message={error} />
    </li>
  )
}
