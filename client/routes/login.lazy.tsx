import { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill } from '@simplewebauthn/browser'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createLazyFileRoute, useNavigate } from '@tanstack/react-router'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import {
  AuthCard,
  CodeField,
  PasswordField,
  UsernameField,
} from '../components/admin/ui/credential-fields'
import {
  ErrorAlert,
  primaryButtonClass,
  secondaryButtonClass,
} from '../components/admin/ui/form-controls'
import { failureText } from '../lib/admin-errors'
import { httpStatusOf } from '../lib/api-errors'
import {
  askForPasskey,
  cancelPasskeyPrompt,
  passkeyFailureText,
  wasCancelled,
} from '../lib/passkeys'
import {
  sessionEnded as endedBefore,
  forgetSessionEnded,
  sessionNotice,
  takeReturnPath,
} from '../lib/session-ended'
import { setToken } from '../lib/token'
import { QueryProvider, useTrpc } from '../lib/trpc'

export const Route = createLazyFileRoute('/login')({
  component: LoginPageRoute,
})

/** The server's sentence for a challenge that can no longer be used: back to the password. */
const CHALLENGE_GONE = 'This sign-in has expired. Enter your password again.'

function LoginPageRoute() {
  return (
    <QueryProvider>
      <LoginPage />
    </QueryProvider>
  )
}

function LoginPage() {
  const navigate = useNavigate()
  const trpc = useTrpc()
  const login = useMutation(trpc.auth.login.mutationOptions())
  const verify = useMutation(trpc.auth.verifyTwoFactor.mutationOptions())
  const passkeyOptions = useMutation(trpc.auth.passkeyOptions.mutationOptions())
  const passkeyLogin = useMutation(trpc.auth.passkeyLogin.mutationOptions())
  // Rendered in the browser only (ssr: false), so the browser can be asked at once.
  const [passkeys] = useState(() => browserSupportsWebAuthn())
  const [error, setError] = useState<string | null>(null)
  /** Set once the password was right and the account asks for a code. */
  const [challenge, setChallenge] = useState<string | null>(null)

  const queryClient = useQueryClient()
  async function signedIn(token: string) {
    setToken(token)
    // Nothing read before counts (a restore may have changed it all): the screens read
    // again, and the header shows the profile as stored now.
    void queryClient.resetQueries()
    // Back where the session ended (a form shows the changes it kept), else the dashboard.
    await navigate({ to: takeReturnPath() ?? '/admin' })
  }
  /**
   * A passkey sign-in: the browser's autofill offers the passkeys it holds
   * for this site under the username field (conditional mediation), or its
   * own dialog opens from the button. Either is a complete sign-in.
   */
  /** Moves on after an attempt the owner made ended without signing in: autofill is offered again. */
  const [autofillRound, setAutofillRound] = useState(0)
  const offerAgain = () => setAutofillRound((round) => round + 1)
  async function signInWithPasskey(autofill: boolean) {
    if (!autofill) setError(null)
    let options: Awaited<ReturnType<typeof passkeyOptions.mutateAsync>>['options']
    try {
      options = (await passkeyOptions.mutateAsync()).options
    } catch (caught) {
      // Autofill is an offer, not an action: if it cannot start, the form simply has none.
      if (autofill) return
      setError(passkeyFailureText(caught, 'Signing in with a passkey failed.'))
      offerAgain()
      return
    }
    let response: Awaited<ReturnType<typeof askForPasskey>>
    try {
      response = await askForPasskey(options, autofill)
    } catch (caught) {
      // The autofill request ends quietly when the button (or the code step) replaces it, or
      // when the browser will not offer passkeys on this address: the button then says why.
      if (autofill || wasCancelled(caught)) return
      setError(passkeyFailureText(caught, 'Signing in with a passkey failed.'))
      offerAgain()
      return
    }
    try {
      const result = await passkeyLogin.mutateAsync({
        response: { ...response, clientExtensionResults: { ...response.clientExtensionResults } },
      })
      await signedIn(result.token)
    } catch (caught) {
      setError(failureText(caught, 'Signing in with a passkey failed.'))
      offerAgain()
    }
  }
  // The autofill request waits while the password form shows; it ends with that form, and
  // starts again after an attempt that did not sign in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: started once per password form and round
  useEffect(() => {
    if (challenge || !passkeys) return
    let started = false
    void browserSupportsWebAuthnAutofill().then((supported) => {
      if (!supported || started) return
      started = true
      void signInWithPasskey(true)
    })
    return () => {
      started = true
      cancelPasskeyPrompt()
    }
  }, [challenge, passkeys, autofillRound])

  // Read when the page opens (this screen renders in the browser only), then forgotten.
  const [sessionEnded] = useState(endedBefore)
  const [notice] = useState(sessionNotice)
  useEffect(forgetSessionEnded, [])

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setError(null)
    try {
      const result = await login.mutateAsync({
        username: String(form.get('username') ?? ''),
        password: String(form.get('password') ?? ''),
      })
      if ('token' in result) await signedIn(result.token)
      else setChallenge(result.challenge)
    } catch (caught) {
      setError(failureText(caught, 'Login failed'))
    }
  }

  async function onCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!challenge) return
    const form = new FormData(event.currentTarget)
    setError(null)
    try {
      const result = await verify.mutateAsync({ challenge, code: String(form.get('code') ?? '') })
      await signedIn(result.token)
    } catch (caught) {
      const text = failureText(caught, 'Login failed')
      // Expired or used up: the password must be entered again.
      if (httpStatusOf(caught) === 401 && text === CHALLENGE_GONE) setChallenge(null)
      setError(text)
    }
  }

  return (
    <AuthCard title="Admin Login.">
      {sessionEnded ? (
        <p
          role="status"
          className="mt-4 rounded-lg border border-warning-line bg-warning-soft px-3 py-2 text-sm text-warning-ink"
        >
          {notice ?? 'Your session has ended. Please sign in again.'}
        </p>
      ) : null}
      {challenge ? (
        <CodeStep
          error={error}
          pending={verify.isPending}
          onSubmit={onCode}
          onBack={() => {
            setChallenge(null)
            setError(null)
          }}
        />
      ) : (
        <form className="mt-6 space-y-4" onSubmit={onSubmit}>
          <UsernameField id="login-username" passkeyAutofill />
          <PasswordField id="login-password" />
          <ErrorAlert message={error} />
          <button
            type="submit"
            className={`${primaryButtonClass} w-full`}
            disabled={login.isPending}
          >
            Sign In
          </button>
          {passkeys ? (
            <button
              type="button"
              className={`${secondaryButtonClass} w-full`}
              disabled={passkeyOptions.isPending || passkeyLogin.isPending}
              onClick={() => void signInWithPasskey(false)}
            >
              Sign in with a passkey
            </button>
          ) : null}
        </form>
      )}
    </AuthCard>
  )
}

interface CodeStepProps {
  error: string | null
  pending: boolean
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  onBack: () => void
}

/** The second step: six digits from the authenticator app, or a recovery code. */
function CodeStep({ error, pending, onSubmit, onBack }: CodeStepProps) {
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => input.current?.focus(), [])
  return (
    <form className="mt-6 space-y-4" onSubmit={onSubmit}>
      <p className="text-sm text-muted">
        Two-factor sign-in is on for this account. Enter the code your authenticator app shows.
      </p>
      <CodeField
        id="login-code"
        hint="6 digits, or one of your recovery codes."
        inputRef={input}
        invalid={Boolean(error)}
        describedBy={error ? 'login-error' : undefined}
      />
      <div id="login-error">
        <ErrorAlert message={error} />
      </div>
      <button type="submit" className={`${primaryButtonClass} w-full`} disabled={pending}>
        Verify
      </button>
      <button type="button" className={`${secondaryButtonClass} w-full`} onClick={onBack}>
        Back
      </button>
    </form>
  )
}
