import { createLazyFileRoute } from '@tanstack/react-router'
import { AuditLog } from '../../components/admin/security/audit-log'
import { AdminPageHeader } from '../../components/admin/ui/page-header'

export const Route = createLazyFileRoute('/admin/audit')({
  component: AuditScreen,
})

function AuditScreen() {
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Audit Log."
        lead="Sign-ins, security changes and every change to the content, kept for 180 days."
      />
      <AuditLog />
    </div>
  )
}
