import { createFileRoute } from '@tanstack/react-router'
import { textParams } from '../lib/search-params'

/**
 * The first admin, made in the browser: the address the server prints while
 * no admin exists (`/setup?token=…`) asks for a username and the password
 * twice, creates the account and signs in. Once an admin exists it points to
 * the sign-in page.
 */
export const Route = createFileRoute('/setup')({
  // Rendered in the browser only: private, never cached, no content to index.
  ssr: false,
  validateSearch: textParams('token'),
  beforeLoad: async ({ context }) => {
    // React Query and tRPC's code, which a public page never fetches.
    await context.loadQuery()
  },
  head: () => ({ meta: [{ title: 'Set up the admin' }, { name: 'robots', content: 'noindex' }] }),
})
