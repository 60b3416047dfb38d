import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { HomePage } from '../components/home-page'
import { homeCard, ownerSummary, pageHead, profilePageJsonLd, SITE_NAME } from '../lib/seo'
import { useTrpc } from '../lib/trpc'

export const Route = createFileRoute('/')({
  loader: async ({ context: { queryClient, loadTrpc } }) => {
    const trpc = await loadTrpc()
    const [profile] = await Promise.all([
      queryClient.ensureQueryData(trpc.profile.get.queryOptions()),
      queryClient.ensureQueryData(trpc.timeline.list.queryOptions()),
      queryClient.ensureQueryData(trpc.projects.featured.queryOptions()),
    ])
    return ownerSummary(profile)
  },
  head: ({ loaderData: owner, match }) => {
    if (!owner) return {}
    const siteUrl = match.context.site.url
    const card = homeCard(owner)
    return pageHead({
      siteUrl,
      path: '/',
      title: `${owner.name} · ${SITE_NAME}`,
      socialTitle: owner.name,
      description: owner.description,
      image: card,
      type: 'profile',
      jsonLd: profilePageJsonLd(siteUrl, owner, card),
    })
  },
  component: Home,
})

function Home() {
  const trpc = useTrpc()
  const { data: profile } = useSuspenseQuery(trpc.profile.get.queryOptions())
  const { data: events } = useSuspenseQuery(trpc.timeline.list.queryOptions())
  // Published and featured only, for the signed-in admin too: the page shows what visitors see.
  const { data: featured } = useSuspenseQuery(trpc.projects.featured.queryOptions())

  return <HomePage profile={profile} events={events} featured={featured} />
}
