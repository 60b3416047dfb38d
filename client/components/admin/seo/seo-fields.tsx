import { seoLimits } from '../../../../src/schemas/seo'
import { ImageField } from '../media/image-field'
import { CheckboxField, TextField } from '../ui/form-controls'
import type { TextBinding } from '../ui/use-schema-form'

/** The form's text for an item's or a screen's overrides (blank: what is made from the page). */
export interface SeoValues {
  seo_description: string
  share_image: string
  canonical_url: string
  noindex: boolean
}

export function seoValuesOf(
  saved?: {
    seo_description?: string | null
    share_image?: string | null
    canonical_url?: string | null
    noindex?: boolean
  } | null,
): SeoValues {
  return {
    seo_description: saved?.seo_description ?? '',
    share_image: saved?.share_image ?? '',
    canonical_url: saved?.canonical_url ?? '',
    noindex: saved?.noindex ?? false,
  }
}

/**
 * How a link to the page shows in Slack, LinkedIn or X: the 1200 × 630
 * image above the site's host, the title and the description, as those
 * previews lay a large card out.
 */
export function LinkPreview({
  id,
  host,
  title,
  description,
  image,
}: {
  id: string
  host: string
  title: string
  description: string
  image: string | null
}) {
  return (
    <figure aria-labelledby={`${id}-caption`} className="max-w-md space-y-2">
      <figcaption id={`${id}-caption`} className="text-sm font-medium text-body">
        Link preview (Slack, LinkedIn, X)
      </figcaption>
      <div className="overflow-hidden rounded-card border border-line bg-surface-raised shadow-card">
        <div className="aspect-[1200/630] w-full bg-surface-sunken">
          {image ? (
            <img src={image} alt="" className="size-full object-cover" loading="lazy" />
          ) : (
            <p className="grid size-full place-items-center px-4 text-center text-sm text-muted">
              No image: the link shows as text. Choose a share image to show one.
            </p>
          )}
        </div>
        <div className="space-y-1 px-4 py-3">
          <p className="text-xs uppercase tracking-wide text-muted">{host}</p>
          <p className="font-semibold text-strong">{title}</p>
          <p className="line-clamp-2 text-sm text-body">{description}</p>
        </div>
      </div>
    </figure>
  )
}

/**
 * Search and sharing for one page: its description for search results and
 * previews, its share image (from the media library; blank: the generated
 * card), for an item its canonical address, and "hide from search engines";
 * with the preview of a link beside them.
 */
export function SeoFields({
  id,
  description,
  image,
  canonical,
  noindex,
  preview,
}: {
  id: string
  description: TextBinding
  image: TextBinding
  /** An item's first address elsewhere; the fixed screens have none. */
  canonical?: TextBinding
  noindex: { checked: boolean; onChange: (checked: boolean) => void }
  preview: { host: string; title: string; description: string; image: string | null }
}) {
  return (
    <fieldset className="space-y-4 rounded-card border border-line p-4">
      <legend className="px-1 text-base font-semibold text-strong">Search and sharing</legend>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
        <div className="space-y-4">
          <TextField
            id={`${id}-seo-description`}
            label="Search description"
            hint="What search results and link previews say. Empty: the page's own summary."
            field={description}
            maxLength={seoLimits.description}
            rows={3}
          />
          <ImageField
            id={`${id}-share-image`}
            label="Share image"
            hint="Shown when the link is shared, best at 1200 × 630. Empty: the generated card."
            field={image}
          />
          {canonical ? (
            <TextField
              id={`${id}-canonical`}
              label="Canonical URL"
              hint="Where it was first published, if elsewhere (https://…). Empty: this page."
              field={canonical}
            />
          ) : null}
          <CheckboxField
            id={`${id}-noindex`}
            label="Hide from search engines"
            hint="Asks search engines not to list it, and leaves it out of the sitemap. Visitors still see it."
            checked={noindex.checked}
            onChange={noindex.onChange}
          />
        </div>
        <LinkPreview
          id={`${id}-preview`}
          host={preview.host}
          title={preview.title}
          description={description.value.trim() || preview.description}
          image={image.value.trim() || preview.image}
        />
      </div>
    </fieldset>
  )
}
