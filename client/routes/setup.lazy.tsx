import { useMutation, useQuery } from '@tanstack/react-query'
import { createLazyFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { limits } from '../../src/schemas/fields'
import { AuthCard, PasswordField, UsernameField } from '../components/admin/ui/credential-fields'
import { ErrorAlert, primaryButtonClass } from '../components/admin/ui/form-controls'
import { failureText } from '../lib/admin-errors'
import { setToken } from '../lib/token'
import { QueryProvider, useTrpc } from '../lib/trpc'

export const Route = createLazyFileRoute('/setup')({
  component: SetupPageRoute,
})

function SetupPageRoute() {
  return (
    <QueryProvider>
      <SetupPage />
    </QueryProvider>
  )
}

function SetupPage() {
  const { token } = Route.useSearch()
  const navigate = useNavigate()
  const trpc = useTrpc()
  const status = useQuery(trpc.auth.setupStatus.queryOptions())
  const setup = useMutation(trpc.auth.setup.mutationOptions())
  const [error, setError] = useState<string | null>(null)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const password = String(form.get('password') ?? '')
    if (password !== String(form.get('password-again') ?? '')) {
      setError('The two passwords differ.')
      return
    }
    setError(null)
    try {
      const result = await setup.mutateAsync({
        token: token ?? '',
        username: String(form.get('username') ?? ''),
        password,
      })
      setToken(result.token)
      await navigate({ to: '/admin' })
    } catch (caught) {
      setError(failureText(caught, 'The admin could not be created'))
    }
  }

  return (
    <AuthCard title="Set up your site.">
      {status.data?.needed === false ? (
        <p className="mt-4 text-body">
          The admin account already exists.{' '}
          <Link to="/login" className="content-link">
            Sign in
          </Link>{' '}
          instead.
        </p>
      ) : !token ? (
        <p className="mt-4 text-body">
          Open the set-up address the server printed when it started (the token is also in the file{' '}
          <code>setup-token</code> in its data directory).
        </p>
      ) : (
        <form className="mt-6 space-y-4" onSubmit={onSubmit}>
          <p className="text-sm text-muted">
            Choose the username and password you will sign in with. This link works once.
          </p>
          <UsernameField id="setup-username" />
          <PasswordField
            id="setup-password"
            hint={`At least ${limits.passwordMin} characters.`}
            isNew
          />
          <PasswordField
            id="setup-password-again"
            name="password-again"
            label="Repeat the password"
            isNew
          />
          <ErrorAlert message={error} />
          <button type="submit" className={primaryButtonClass} disabled={setup.isPending}>
            {setup.isPending ? 'Creating…' : 'Create admin and sign in'}
          </button>
        </form>
      )}
    </AuthCard>
  )
}
