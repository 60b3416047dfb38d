import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { limits } from '../../src/schemas/fields'
import {
  ErrorAlert,
  Field,
  inputClass,
  primaryButtonClass,
  secondaryButtonClass,
} from '../components/admin/form-controls'
import { failureText } from '../lib/admin-errors'
import { httpStatusOf } from '../lib/api-errors'
import {
  sessionEnded as endedBefore,
  forgetSessionEnded,
  sessionNotice,
  takeReturnPath,
} from '../lib/session-ended'
import { getToken, setToken } from '../lib/token'
import { QueryProvider, useTrpc } from '../lib/trpc'

export const Route = createFileRoute('/login')({
  // Rendered in the browser only: whether to show the form depends on local storage.
  ssr: false,
  // A visitor who already holds a token has nothing to do here.
  beforeLoad: async ({ context }) => {
    if (getToken()) throw redirect({ to: '/admin' })
    // React Query and tRPC's code, which a public page never fetches.
    await context.loadQuery()
  },
  head: () => ({ meta: [{ title: 'Admin Login' }, { name: 'robots', content: 'noindex' }] }),
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
    <section className="mx-auto w-full max-w-sm py-10">
      <div className="card p-6 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-strong">Admin Login.</h1>
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
            <Field id="login-username" label="Username">
              <input
                id="login-username"
                name="username"
                type="text"
                autoComplete="username"
                required
                maxLength={limits.username}
                className={inputClass}
              />
            </Field>
            <Field id="login-password" label="Password">
              <input
                id="login-password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                maxLength={limits.password}
                className={inputClass}
              />
            </Field>
            <ErrorAlert message={error} />
            <button
              type="submit"
              className={`${primaryButtonClass} w-full`}
              disabled={login.isPending}
            >
              Sign In
            </button>
          </form>
        )}
      </div>
    </section>
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
      <Field
        id="login-code"
        label="Authentication code"
        hint="6 digits, or one of your recovery codes."
      >
        <input
          ref={input}
          id="login-code"
          name="code"
          type="text"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={limits.code}
          aria-describedby={error ? 'login-code-hint login-error' : 'login-code-hint'}
          aria-invalid={error ? true : undefined}
          className={inputClass}
        />
      </Field>
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
