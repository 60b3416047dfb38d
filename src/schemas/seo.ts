/**
 * Search and sharing overrides (docs/architecture.md, "Search and sharing"):
 * what a project, a note, a page or a fixed screen says to search engines
 * and link previews instead of what is made from it. Each absent or blank
 * value falls back: the description to the item's own summary, the image to
 * the generated card, the canonical address to the page's own.
 */
import { SEO_SCREENS } from '../domain/seo-screens'
import { limits, nullableText, nullableUrl } from './fields'
import { z } from './zod'

export const seoLimits = {
  /** Search engines show about 155 characters; a little room past that. */
  description: 300,
} as const

const noindexField = z
  .boolean({ error: 'Hide from search engines must be true or false.' })
  .nullish()
  .transform((value) => value ?? false)

/** The fields an item's input takes (spread into its schema). */
export const seoInputFields = {
  seo_description: nullableText('Search description', seoLimits.description),
  /** An image of the media library (`/media/…`), or an http(s) URL; null: the generated card. */
  share_image: nullableUrl('Share image'),
  /** Where the item was first published (an absolute http(s) URL); null: its own address. */
  canonical_url: nullableText('Canonical URL', limits.url).refine(
    (value) => value === null || /^https?:\/\/[^\s/?#]+/i.test(value),
    'Canonical URL must be an absolute http(s) URL, like https://blog.example.com/my-note.',
  ),
  noindex: noindexField,
}

/** The same fields as an item's answer holds them. */
export const seoOutputFields = {
  seo_description: z.string().nullable(),
  share_image: z.string().nullable(),
  canonical_url: z.string().nullable(),
  noindex: z.boolean(),
}

/** What a page's head takes of an item's or a screen's overrides (each may be absent). */
export type SeoOverrides = Partial<{
  [K in keyof typeof seoOutputFields]: z.infer<(typeof seoOutputFields)[K]>
}>

/** One fixed screen's overrides, as Settings → Search & sharing saves them. */
export const screenSeoInput = z.strictObject({
  seo_description: seoInputFields.seo_description,
  share_image: seoInputFields.share_image,
  noindex: noindexField,
})

export const screenSeoSchema = z.object({
  seo_description: z.string().nullable(),
  share_image: z.string().nullable(),
  noindex: z.boolean(),
})
export type ScreenSeo = z.infer<typeof screenSeoSchema>

/** `GET /api/settings/seo`: every fixed screen's, the defaults where none is saved. */
export const screensSeoSchema = z.object(
  Object.fromEntries(SEO_SCREENS.map((screen) => [screen, screenSeoSchema])) as Record<
    (typeof SEO_SCREENS)[number],
    typeof screenSeoSchema
  >,
)
export type ScreensSeo = z.infer<typeof screensSeoSchema>

/** `PUT /api/settings/seo/{screen}`. */
export const screenSeoUpdateInput = screenSeoInput.extend({
  screen: z.enum(SEO_SCREENS, { error: `Screen must be one of: ${SEO_SCREENS.join(', ')}.` }),
})

export const noSeo: ScreenSeo = { seo_description: null, share_image: null, noindex: false }

/** An item with no overrides: what imports start from. */
export const noSeoFields = {
  seo_description: null,
  share_image: null,
  canonical_url: null,
  noindex: false,
} as const
