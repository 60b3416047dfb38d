import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { ogImagePath } from '../../../../src/domain/og-image'
import { SEO_SCREENS, type SeoScreen, seoScreenInfo } from '../../../../src/domain/seo-screens'
import { type ScreenSeo, screenSeoInput } from '../../../../src/schemas/seo'
import { fixedScreenText, ownerSummary } from '../../../lib/seo'
import { useProfile } from '../../../lib/site-data'
import { useTrpc } from '../../../lib/trpc'
import { cardClass, ErrorAlert, primaryButtonClass } from '../ui/form-controls'
import { useToast } from '../ui/toasts'
import { useSchemaForm } from '../ui/use-schema-form'
import { SeoFields, seoValuesOf } from './seo-fields'

/** The image each screen's link shows by itself: its card, the owner's photo (the CV), or none (Notes). */
function madeImage(screen: SeoScreen, photoUrl: string): string | null {
  if (screen === 'cv') return photoUrl || null
  if (screen === 'notes') return null
  return ogImagePath({ page: screen })
}

function ScreenForm({ screen, saved }: { screen: SeoScreen; saved: ScreenSeo }) {
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const toast = useToast()
  const siteUrl = useRouteContext({ from: '__root__', select: (context) => context.site.url })
  const owner = ownerSummary(useProfile())
  const setSeo = useMutation(trpc.settings.setSeo.mutationOptions())
  const { label, path } = seoScreenInfo[screen]
  const made = fixedScreenText(screen, owner)

  const form = useSchemaForm({
    initial: () => seoValuesOf(saved),
    schema: screenSeoInput,
    toInput: ({ canonical_url: _none, ...values }) => values,
    save: async (data) => {
      const after = await setSeo.mutateAsync({ screen, ...data })
      queryClient.setQueryData(trpc.settings.seo.queryKey(), after)
      form.reset(seoValuesOf(after[screen]))
      toast.success(`${label}: search and sharing saved. The page shows it on its next load.`)
    },
    failure: `${label}: search and sharing could not be saved.`,
    onSaved: () => {},
  })
  const headingId = `seo-${screen}-title`

  return (
    <form
      onSubmit={form.onSubmit}
      aria-labelledby={headingId}
      noValidate
      className={`space-y-4 ${cardClass}`}
    >
      <h2 id={headingId} className="text-xl font-bold tracking-tight text-strong">
        {label} <span className="text-base font-normal text-muted">({path})</span>
      </h2>
      <SeoFields
        id={`seo-${screen}`}
        description={form.text('seo_description')}
        image={form.text('share_image')}
        noindex={{
          checked: form.values.noindex,
          onChange: (checked) => form.set('noindex', checked),
        }}
        preview={{
          host: new URL(siteUrl).host,
          title: made.socialTitle,
          description: made.description,
          image: madeImage(screen, owner.photoUrl),
        }}
      />
      <ErrorAlert message={form.action.error} />
      <button type="submit" className={primaryButtonClass} disabled={form.action.saving}>
        {form.action.saving ? 'Saving…' : `Save ${label}`}
      </button>
    </form>
  )
}

/** Settings → Search & sharing: what each fixed screen says to search engines and link previews. */
export function ScreensSeoPanel() {
  const trpc = useTrpc()
  const { data } = useSuspenseQuery(trpc.settings.seo.queryOptions())
  return (
    <div className="space-y-6">
      {SEO_SCREENS.map((screen) => (
        <ScreenForm key={screen} screen={screen} saved={data[screen]} />
      ))}
    </div>
  )
}
