import { createLazyFileRoute } from '@tanstack/react-router'
import { PasskeysCard } from '../../components/admin/security/passkeys-card'
import { SessionsCard } from '../../components/admin/security/sessions-card'
import { TwoFactorCard } from '../../components/admin/security/two-factor-card'
import { AdminPageHeader } from '../../components/admin/ui/page-header'

export const Route = createLazyFileRoute('/admin/security')({
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
