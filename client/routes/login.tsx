import { useMutation } from '@tanstack/react-query'
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router'
import { type FormEvent, useEffect, useState } from 'react'
import { limits } from '../../src/schemas/fields'
import {
  ErrorAlert,
  Field,
  inputClass,
  primaryButtonClass,
} from '../components/admin/form-controls'
import { failureText } from '../lib/admin-errors'
import { sessionEnded as endedBefore, forgetSessionEnded } from '../lib/session-ended'
import { getToken, setToken } from '../lib/token'
import { useTrpc } from '../lib/trpc'

export const Route = createFileRoute('/login')({
  // Rendered in the browser only: whether to show the form depends on local storage.
  ssr: false,
  // A visitor who already holds a token has nothing to do here.
  beforeLoad: async ({ context }) => {
    if (getToken()) throw redirect({ to: '/admin' })
    await context.loadTrpc()
  },
  head: () => ({ meta: [{ title: 'Admin Login' }, { name: 'robots', content: 'noindex' }] }),
  component: LoginPage,
})

function LoginPage() {
  const navigate = useNavigate()
  const login = useMutation(useTrpc().auth.login.mutationOptions())
  const [error, setError] = useState<string | null>(null)
  // Read when the page opens (this screen renders in the browser only), then forgotten.
  const [sessionEnded] = useState(endedBefore)
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
      setToken(result.token)
      await navigate({ to: '/admin' })
    } catch (caught) {
      setError(failureText(caught, 'Login failed'))
    }
  }

  return (
    <section className="mx-auto w-full max-w-sm py-10">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Admin Login.</h1>
        {sessionEnded ? (
          <p
            role="status"
            className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          >
            Your session has ended. Please sign in again.
          </p>
        ) : null}
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
      </div>
    </section>
  )
}
