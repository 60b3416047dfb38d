import { createFileRoute } from '@tanstack/react-router'
import { PasskeysCard } from '../../components/admin/security/passkeys-card'
import { SessionsCard } from '../../components/admin/security/sessions-card'
import { TwoFactorCard } from '../../components/admin/security/two-factor-card'
import { AdminPageHeader } from '../../components/admin/ui/page-header'
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
  component: SecurityScreen,
})

function SecurityScreen() {
  return (
    <div className="space-y-6">
      <AdminPageHeader title="Security." lead="How you sign in, and where you are signed in." />
      <PasskeysCard />
      <TwoFactorCard />
      <SessionsCard />
    </div>
  )
}
