import { createFileRoute } from '@tanstack/react-router'
import { AuditLog } from '../../components/admin/security/audit-log'
import { AdminPageHeader } from '../../components/admin/ui/page-header'
import { AUDIT_PAGE_SIZE } from '../../lib/admin-audit'
import { adminLoader } from '../../lib/admin-loaders'

export const Route = createFileRoute('/admin/audit')({
  // The newest page, as it is now.
  loader: adminLoader((queryClient, trpc) =>
    queryClient.fetchQuery({
      ...trpc.audit.list.queryOptions({ limit: AUDIT_PAGE_SIZE }),
      staleTime: 0,
    }),
  ),
  head: () => ({ meta: [{ title: 'Audit Log' }] }),
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
