import { createFileRoute } from '@tanstack/react-router'
import { HomePage } from '../components/home-page'
import { NewsletterSignup } from '../components/newsletter-signup'
import { textParams } from '../lib/search-params'
import { homeCard, ownerSummary, pageHead, profilePageJsonLd, SITE_NAME } from '../lib/seo'
import { useProfile, useSiteData } from '../lib/site-data'

export const Route = createFileRoute('/')({
  // `?tab=education`: the timeline's Education tab shown first (its tabs are links).
  validateSearch: textParams('tab'),
  loader: async ({ context }) => {
    const api = await context.api()
    const [profile, events, featured, seo, selectedPublications] = await Promise.all([
      api.profile.get.query(),
      api.timeline.list.query(),
      // Published and featured only, for the signed-in admin too: the page shows what visitors see.
      api.projects.featured.query(),
      // What the owner set in Settings → Search & sharing.
      api.settings.seo.query(),
      // The owner's "Selected publications" (published only).
      api.publications.selected.query(),
    ])
    // The page reads the profile from the root's data; `head` needs only the summary. What
    // the cards and the timeline do not show (the long description, timestamps) is left
    // out of the page's data: it is in the page's first round trip (docs/performance.md).
    const cards = featured.map(
      ({ long_description, long_description_html, created_at, updated_at, ...card }) => card,
    )
    const shown = events.map(({ created_at, updated_at, ...event }) => event)
    return {
      ...ownerSummary(profile),
      events: shown,
      featured: cards,
      selectedPublications,
      seo: seo.home,
    }
  },
  head: ({ loaderData: owner, match }) => {
    if (!owner) return {}
    const siteUrl = match.context.site.url
    const card = homeCard(owner)
    return pageHead({
      siteUrl,
      path: '/',
      // No name yet (a new site): the site's own name, nothing personal.
      title: owner.name ? `${owner.name} · ${SITE_NAME}` : SITE_NAME,
      socialTitle: owner.name || SITE_NAME,
      description: owner.description,
      image: card,
      type: 'profile',
      jsonLd: profilePageJsonLd(siteUrl, owner, card),
      seo: owner.seo,
    })
  },
  component: Home,
})

function Home() {
  const profile = useProfile()
  const { events, featured, selectedPublications } = Route.useLoaderData()
  const { tab } = Route.useSearch()
  // Once a note is live, readers may ask for the next ones by email.
  const hasNotes = useSiteData()?.hasNotes ?? false

  return (
    <>
      <HomePage
        profile={profile}
        events={events}
        featured={featured}
        selectedPublications={selectedPublications}
        tab={tab === 'education' ? 'education' : 'experience'}
      />
      {hasNotes ? <NewsletterSignup id="home-newsletter" /> : null}
    </>
  )
}
