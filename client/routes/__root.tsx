import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router'
import { ErrorPage } from '../components/error-page'
import { NotFoundPage } from '../components/not-found-page'
import { SiteLayout } from '../components/site-layout'
import type { TrpcClient, TrpcUtils } from '../lib/trpc'

export interface RouterContext {
  queryClient: QueryClient
  trpcClient: TrpcClient
  trpcUtils: TrpcUtils
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // The header and footer show the owner's name on every page.
  loader: ({ context: { trpcUtils } }) => trpcUtils.profile.get.ensureData(),
  head: () => ({ meta: [{ title: 'Portfolio' }] }),
  component: RootLayout,
  // Rendered inside RootLayout's <Outlet /> for unknown paths and for every
  // `throw notFound()` that bubbles up from a child route.
  notFoundComponent: NotFoundPage,
  errorComponent: RootError,
})

function RootLayout() {
  return (
    <>
      <HeadContent />
      <SiteLayout>
        <Outlet />
      </SiteLayout>
    </>
  )
}

/** Replaces the whole root match, so it brings its own frame. */
function RootError() {
  return (
    <SiteLayout>
      <ErrorPage />
    </SiteLayout>
  )
}
