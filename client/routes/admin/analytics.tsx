import { createFileRoute } from '@tanstack/react-router'
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
})
