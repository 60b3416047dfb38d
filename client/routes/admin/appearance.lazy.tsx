import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createLazyFileRoute } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { SITE_STYLE_INFO, type SiteStyle } from '../../../src/domain/site-styles'
import { FormPage } from '../../components/admin/ui/form-page'
import { useToast } from '../../components/admin/ui/toasts'
import { useSaveAction } from '../../components/admin/ui/use-save-action'
import { useTrpc } from '../../lib/trpc'

export const Route = createLazyFileRoute('/admin/appearance')({
  component: Appearance,
})

/**
 * Settings → Appearance: the site styles side by side, each previewed in the
 * owner's name and accent colour and in the current theme (a sample of the
 * home page under its own `data-style`, client/design.css); the chosen one
 * is applied to every public page with the button.
 */
function Appearance() {
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const query = trpc.appearance.get.queryOptions()
  const { data: appearance } = useSuspenseQuery(query)
  const { data: profile } = useQuery(trpc.profile.get.queryOptions())
  const [chosen, setChosen] = useState<SiteStyle>(appearance.style)
  const toast = useToast()
  const set = useMutation(trpc.appearance.set.mutationOptions())
  const action = useSaveAction(
    async (style: SiteStyle) => {
      const saved = await set.mutateAsync({ style })
      // <html data-style> follows (client/routes/__root.tsx), public pages on their next load.
      queryClient.setQueryData(query.queryKey, saved)
      await queryClient.invalidateQueries(trpc.appearance.pathFilter())
    },
    'The style could not be applied.',
    { onSaved: () => toast.success(`${SITE_STYLE_INFO[chosen].name} is the site’s style now.`) },
  )

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    void action.run(chosen)
  }

  return (
    <FormPage heading="Appearance" submit="Apply style" form={{ onSubmit, action }} wide>
      <fieldset>
        <legend className="text-sm font-semibold text-strong">Site style</legend>
        <p id="style-hint" className="mt-1 text-sm text-muted">
          How every public page looks, in both themes and your accent colour. Pick one to compare,
          then apply it. Now: <strong>{SITE_STYLE_INFO[appearance.style].name}</strong>.
        </p>
        <div className="mt-4 grid gap-4 md:grid-cols-3">
          {appearance.styles.map((style) => (
            <label
              key={style}
              className="group flex cursor-pointer flex-col gap-3 rounded-card border-2 border-line p-3 transition-colors hover:border-line-strong has-checked:border-accent has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent-ink"
            >
              <StylePreview style={style} name={profile?.name ?? 'Your name'} />
              <span className="flex items-start gap-2">
                <input
                  type="radio"
                  name="style"
                  value={style}
                  checked={chosen === style}
                  onChange={() => setChosen(style)}
                  aria-describedby={`style-${style}-description`}
                  className="mt-1 size-4 accent-(--color-accent) focus-visible:outline-none"
                />
                <span>
                  <span className="block font-semibold text-strong">
                    {SITE_STYLE_INFO[style].name}
                    {style === appearance.style ? (
                      <span className="ml-2 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent-ink">
                        In use
                      </span>
                    ) : null}
                  </span>
                  <span id={`style-${style}-description`} className="block text-sm text-muted">
                    {SITE_STYLE_INFO[style].description}
                  </span>
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </FormPage>
  )
}

/**
 * A miniature of the home page in one style: the hero (name, a line, the
 * call to action) and two project covers. Decorative: the label says what it is.
 */
function StylePreview({ style, name }: { style: SiteStyle; name: string }) {
  return (
    <div
      data-style={style}
      aria-hidden="true"
      data-testid={`preview-${style}`}
      className="overflow-hidden rounded-card border border-line bg-surface font-sans text-body"
    >
      <div className="bg-hero px-4 pt-5 pb-4 text-on-hero">
        <p className="eyebrow text-[0.625rem]">Portfolio</p>
        <p
          className="mt-1 font-display text-[1.6rem] leading-none"
          style={{
            fontWeight: 'var(--display-weight)',
            letterSpacing: 'var(--text-display-1--letter-spacing)',
            fontSize: 'calc(1.5rem * var(--hero-scale))',
          }}
        >
          {name}
        </p>
        <p className="mt-2 text-xs text-hero-muted">Projects, experience and notes.</p>
        <span className="mt-3 inline-flex rounded-full bg-hero-action px-3 py-1 text-[0.6875rem] font-semibold text-on-hero-action">
          Contact me
        </span>
      </div>
      <div className="grid grid-cols-2 gap-2 p-3">
        {['Project one', 'Project two'].map((title, index) => (
          <div key={title} className="overflow-hidden rounded-card bg-surface-raised shadow-card">
            <div
              className="aspect-(--cover-aspect) rounded-cover"
              style={{
                background:
                  index === 0
                    ? 'linear-gradient(135deg, var(--color-accent), var(--color-accent-soft))'
                    : 'linear-gradient(135deg, var(--color-surface-sunken), var(--color-accent))',
              }}
            />
            <p className="truncate px-2 py-1.5 font-display text-xs text-strong">{title}</p>
          </div>
        ))}
      </div>
    </div>
  )
}
