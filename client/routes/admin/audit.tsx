import { createFileRoute } from '@tanstack/react-router'
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
})
