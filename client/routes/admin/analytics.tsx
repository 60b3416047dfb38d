import { createFileRoute } from '@tanstack/react-router'
import { AnalyticsPanel } from '../../components/admin/analytics/analytics-panel'
import { AdminPageHeader } from '../../components/admin/ui/page-header'
import { adminLoader } from '../../lib/admin-loaders'
import { parseDays } from '../../lib/analytics'
import { wholeNumberParams } from '../../lib/search-params'

export const Route = createFileRoute('/admin/analytics')({
  // The range: `?days=7`, 30 or 90 (lib/analytics.ts).
  validateSearch: wholeNumberParams('days'),
  loaderDeps: ({ search }) => ({ days: search.days }),
  // Counts move every few seconds: fetched anew on every visit.
  loader: async (context) => {
    await adminLoader((queryClient, trpc) =>
      queryClient.fetchQuery({
        ...trpc.analytics.summary.queryOptions({ days: parseDays(context.deps.days) }),
        staleTime: 0,
      }),
    )(context)
  },
  head: () => ({ meta: [{ title: 'Analytics' }] }),
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
