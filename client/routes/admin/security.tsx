import { createFileRoute } from '@tanstack/react-router'
import { adminLoader } from '../../lib/admin-loaders'

export const Route = createFileRoute('/admin/security')({
  // The QR code library is a further chunk, fetched when the set-up step shows.
  // Always fresh: sessions come and go from other devices.
  loader: adminLoader((queryClient, trpc) =>
    Promise.all([
      queryClient.fetchQuery({ ...trpc.twoFactor.status.queryOptions(), staleTime: 0 }),
      queryClient.fetchQuery({ ...trpc.passkeys.list.queryOptions(), staleTime: 0 }),
      queryClient.fetchQuery({ ...trpc.sessions.list.queryOptions(), staleTime: 0 }),
    ]),
  ),
  head: () => ({ meta: [{ title: 'Security' }] }),
})
