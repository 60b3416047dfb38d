import { createLazyFileRoute } from '@tanstack/react-router'
import { AnalyticsPanel } from '../../components/admin/analytics/analytics-panel'
import { AdminPageHeader } from '../../components/admin/ui/page-header'
import { parseDays } from '../../lib/analytics'

export const Route = createLazyFileRoute('/admin/analytics')({
  component: AnalyticsScreen,
})

function AnalyticsScreen() {
  const { days } = Route.useSearch()
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Analytics."
        lead="Page views and visitors, counted on the server: no tracking cookies, no addresses kept."
      />
      <AnalyticsPanel days={parseDays(days)} />
    </div>
  )
}
