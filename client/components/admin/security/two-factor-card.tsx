import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import type { TwoFactorSetup } from '../../../../src/schemas/security'
import { failureText } from '../../../lib/admin-errors'
import { useTrpc } from '../../../lib/trpc'
import { CodeField, PasswordField } from '../ui/credential-fields'
import {
  cardClass,
  dangerButtonClass,
  ErrorAlert,
  inputClass,
  primaryButtonClass,
  StatusMessage,
  secondaryButtonClass,
} from '../ui/form-controls'
import { QrCode } from './qr-code'

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret

const formatDate = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/**
 * Settings → Security, two-factor sign-in: turn on (scan, confirm a code,
 * keep the recovery codes shown once), or turn off with the password.
 */
export function TwoFactorCard() {
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const { data: status } = useSuspenseQuery(trpc.twoFactor.status.queryOptions())
  const setup = useMutation(trpc.twoFactor.setup.mutationOptions())
  const enable = useMutation(trpc.twoFactor.enable.mutationOptions())
  const disable = useMutation(trpc.twoFactor.disable.mutationOptions())
  const regenerate = useMutation(trpc.twoFactor.recoveryCodes.mutationOptions())
  const [pending, setPending] = useState<TwoFactorSetup | null>(null)
  const [codes, setCodes] = useState<{ list: string[]; renewed: boolean } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const headingId = useId()

  const refresh = () => queryClient.invalidateQueries(trpc.twoFactor.status.queryFilter())

  /** Enrolment starts with the password: a session alone cannot turn it on. */
  async function start(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const password = String(new FormData(event.currentTarget).get('password') ?? '')
    setError(null)
    setNotice(null)
    try {
      setPending(await setup.mutateAsync({ password }))
    } catch (caught) {
      setError(failureText(caught, 'Two-factor sign-in could not be set up.'))
    }
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const code = String(new FormData(event.currentTarget).get('code') ?? '')
    setError(null)
    try {
      const result = await enable.mutateAsync({ code })
      setPending(null)
      setCodes({ list: result.recovery_codes, renewed: false })
      await refresh()
    } catch (caught) {
      setError(failureText(caught, 'The code could not be checked.'))
    }
  }

  /** The password or a current code proves it is you: turn off, or make new recovery codes. */
  async function confirmIdentity(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const submitter = (event.nativeEvent as SubmitEvent).submitter
    const renew = submitter?.getAttribute('value') === 'renew'
    const proof = String(new FormData(form).get('proof') ?? '')
    // Six digits are a code from the app; anything else is the password (at least 8 characters).
    const digits = proof.replace(/\s/g, '')
    const input = /^\d{6}$/.test(digits) ? { code: digits } : { password: proof }
    setError(null)
    setNotice(null)
    try {
      if (renew) {
        const result = await regenerate.mutateAsync(input)
        form.reset()
        setCodes({ list: result.recovery_codes, renewed: true })
      } else {
        await disable.mutateAsync(input)
        form.reset()
        setNotice('Two-factor sign-in is off.')
      }
      await refresh()
    } catch (caught) {
      setError(
        failureText(
          caught,
          renew
            ? 'New recovery codes could not be made.'
            : 'Two-factor sign-in could not be turned off.',
        ),
      )
    }
  }

  return (
    <section aria-labelledby={headingId} className={`space-y-4 ${cardClass}`}>
      <h2 id={headingId} className="text-xl font-bold tracking-tight text-strong">
        Two-factor sign-in
      </h2>
      <StatusMessage message={notice} />
      {codes ? (
        <RecoveryCodes codes={codes.list} renewed={codes.renewed} onDone={() => setCodes(null)} />
      ) : pending ? (
        <form className="space-y-4" onSubmit={confirm}>
          <p className="text-sm text-body">
            Scan this QR code with an authenticator app (such as Aegis, Google Authenticator or
            1Password), or enter the key by hand. Then type the 6-digit code the app shows.
          </p>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
            <QrCode value={pending.otpauth_url} label="QR code for your authenticator app" />
            <div className="min-w-0 space-y-1">
              <p className="text-sm font-medium text-body">Key for manual entry</p>
              <code
                data-testid="totp-secret"
                className="block rounded-lg bg-surface-sunken px-3 py-2 font-mono text-sm break-all text-strong"
              >
                {grouped(pending.secret)}
              </code>
              <p className="text-xs text-muted">Time-based, 6 digits, every 30 seconds.</p>
            </div>
          </div>
          <CodeField
            id="enrol-code"
            numeric
            invalid={Boolean(error)}
            className={`${inputClass} sm:max-w-xs`}
          />
          <ErrorAlert message={error} />
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={primaryButtonClass} disabled={enable.isPending}>
              Confirm and turn on
            </button>
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => {
                setPending(null)
                setError(null)
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : status.enabled ? (
        <form className="space-y-4" onSubmit={confirmIdentity}>
          <p className="text-sm text-body">
            <strong className="font-semibold text-success-ink">On</strong>
            {status.enabled_at ? ` since ${formatDate(status.enabled_at)}` : ''}. Signing in asks
            for a code from your app. {status.recovery_codes_left} of 10 recovery codes left.
          </p>
          <PasswordField
            id="disable-proof"
            name="proof"
            label="Password or 6-digit code"
            hint="To turn two-factor sign-in off or make new recovery codes, confirm it is you."
            invalid={Boolean(error)}
            className={`${inputClass} sm:max-w-xs`}
          />
          <ErrorAlert message={error} />
          <div className="flex flex-wrap gap-3">
            <button
              type="submit"
              name="action"
              value="renew"
              className={secondaryButtonClass}
              disabled={regenerate.isPending || disable.isPending}
            >
              Make new recovery codes
            </button>
            <button
              type="submit"
              name="action"
              value="off"
              className={dangerButtonClass}
              disabled={regenerate.isPending || disable.isPending}
            >
              Turn off two-factor sign-in
            </button>
          </div>
        </form>
      ) : (
        <form className="space-y-4" onSubmit={start}>
          <p className="text-sm text-body">
            <strong className="font-semibold text-strong">Off.</strong> With two-factor sign-in, a
            stolen password is not enough: signing in also asks for a code from an app on your
            phone.
          </p>
          <PasswordField
            id="enrol-password"
            hint="To turn two-factor sign-in on, confirm it is you."
            invalid={Boolean(error)}
            className={`${inputClass} sm:max-w-xs`}
          />
          <ErrorAlert message={error} />
          <button type="submit" className={primaryButtonClass} disabled={setup.isPending}>
            Turn on two-factor sign-in
          </button>
        </form>
      )}
    </section>
  )
}

function RecoveryCodes({
  codes,
  renewed,
  onDone,
}: {
  codes: string[]
  /** Made anew for an owner already using two-factor sign-in: the old list no longer works. */
  renewed: boolean
  onDone: () => void
}) {
  const [copied, setCopied] = useState<string | null>(null)
  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'))
      setCopied('Copied.')
    } catch {
      setCopied('Copying is not allowed here: select the codes and copy them.')
    }
  }
  return (
    <div className="space-y-4">
      <p
        role="status"
        className="rounded-lg border border-success-line bg-success-soft px-3 py-2 text-sm text-success-ink"
      >
        {renewed
          ? 'New recovery codes made: the old ones no longer work.'
          : 'Two-factor sign-in is on.'}
      </p>
      <p className="text-sm text-body">
        Save these recovery codes somewhere safe now: they are shown only once. Each one signs you
        in once if you lose your phone.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-2 rounded-control bg-surface-sunken p-4 font-mono text-sm text-strong sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className={secondaryButtonClass} onClick={copy}>
          Copy codes
        </button>
        <button type="button" className={primaryButtonClass} onClick={onDone}>
          I have saved them
        </button>
        <span aria-live="polite" className="text-sm text-muted">
          {copied}
        </span>
      </div>
    </div>
  )
}
