import { createFileRoute } from '@tanstack/react-router'
import { ContactForm } from '../components/contact-form'
import { Island } from '../components/island'
import { textParams } from '../lib/search-params'
import { ogCard, ownerSummary, SITE_NAME, sitePageHead } from '../lib/seo'

/**
 * A response's "Ask to remove this" link (client/components/conversations.tsx) opens the form
 * with `?remove=<the page and its anchor>`: the message is written for the visitor.
 */
function removalRequest(siteUrl: string, remove: string | undefined): string | undefined {
  if (!remove?.startsWith('/') || remove.startsWith('//') || remove.length > 500) {
    return undefined
  }
  return `Please remove my response shown at ${siteUrl}${remove} from your site.`
}

export const Route = createFileRoute('/contact-me')({
  validateSearch: textParams('remove'),
  loaderDeps: ({ search }) => ({ remove: search.remove }),
  loader: async ({ context, deps }) => {
    const api = await context.api()
    // The server's render: the form's token, and after a submission its answer (src/domain/contact-form.ts).
    const form = context.contactForm ?? {}
    const message = form.values ? undefined : removalRequest(context.site.url, deps.remove)
    return {
      ...ownerSummary(await api.profile.get.query()),
      form: message ? { ...form, values: { name: '', email: '', message } } : form,
    }
  },
  // A submission's answer is shown once: the next visit to the page loads it afresh.
  gcTime: 0,
  head: ({ loaderData: owner, match }) => {
    const siteUrl = match.context.site.url
    const socialTitle = owner ? `Contact ${owner.name}` : 'Contact Me'
    const description = 'Questions, feedback, a career opportunity or just a hello: send a message.'
    const card = owner
      ? ogCard({ page: 'contact' }, socialTitle, [owner.name, owner.photoUrl])
      : null
    return sitePageHead({
      siteUrl,
      path: '/contact-me',
      title: `Contact Me · ${SITE_NAME}`,
      socialTitle,
      description,
      card,
      type: 'ContactPage',
    })
  },
  component: ContactPage,
})

function ContactPage() {
  const form = Route.useLoaderData()?.form
  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight text-strong sm:text-4xl">Contact Me.</h1>
      <p className="mt-3 text-muted">
        Questions, feedback or an opportunity in mind? I read every message.
      </p>
      <div className="mt-8">
        <Island name="contact-form" component={ContactForm} props={{ state: form ?? {} }} />
      </div>
    </div>
  )
}
