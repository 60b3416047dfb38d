import { createFileRoute, redirect } from '@tanstack/react-router'
import { getToken } from '../lib/token'

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
})
