/**
 * The site's menus (Settings → Navigation): the header's links in order and
 * an optional footer menu. Each entry is a fixed screen, one of the owner's
 * pages (by id) or an outside link (opened in a new tab), shown or hidden,
 * with the owner's words or the default ones.
 */
import { fixedScreens } from '../domain/navigation'
import { isSafeUrl } from '../domain/safe-url'
import { idSchema, limits, optionalText, requiredText } from './fields'
import { z } from './zod'

/** Entries a menu can hold. */
export const MENU_ENTRIES_MAX = 30

const visible = z
  .boolean({ error: 'Shown must be true or false.' })
  .nullish()
  .transform((value) => value ?? true)
/** Blank: the screen's or the page's own words. */
const label = optionalText('Label', limits.name)

export const menuEntryInput = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('screen'),
      screen: z.enum(fixedScreens, {
        error: `Screen must be one of: ${fixedScreens.join(', ')}.`,
      }),
      label,
      visible,
    }),
    z.object({ type: z.literal('page'), page_id: idSchema, label, visible }),
    z.object({
      type: z.literal('link'),
      url: requiredText('Link', limits.url).refine(
        (value) => /^https?:\/\//i.test(value) && isSafeUrl(value),
        'Link must be an http(s) address.',
      ),
      label: requiredText('Label', limits.name),
      visible,
    }),
  ],
  { error: 'Type must be "screen", "page" or "link".' },
)
export type MenuEntryInput = z.input<typeof menuEntryInput>
export type MenuEntry = z.output<typeof menuEntryInput>

const menu = (name: string) =>
  z
    .array(menuEntryInput, { error: `${name} must be a list.` })
    .max(MENU_ENTRIES_MAX, `${name} can hold at most ${MENU_ENTRIES_MAX} links.`)

/** `PUT /api/navigation`. */
export const navigationInput = z.object({
  header: menu('Header'),
  footer: menu('Footer')
    .nullish()
    .transform((value) => value ?? []),
})
export type NavigationInput = z.input<typeof navigationInput>

const storedEntry = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('screen'),
    screen: z.enum(fixedScreens),
    label: z.string(),
    visible: z.boolean(),
  }),
  z.object({
    type: z.literal('page'),
    page_id: z.number(),
    label: z.string(),
    visible: z.boolean(),
  }),
  z.object({ type: z.literal('link'), url: z.string(), label: z.string(), visible: z.boolean() }),
])

/** A page a menu can link to, as Settings → Navigation lists them. */
export const menuPageSchema = z.object({
  id: z.number(),
  title: z.string(),
  slug: z.string(),
  status: z.enum(['draft', 'published']),
})

/** `GET /api/navigation`: both menus as stored (or the defaults), and the pages there are. */
export const navigationSchema = z.object({
  header: z.array(storedEntry),
  footer: z.array(storedEntry),
  pages: z.array(menuPageSchema),
})
export type Navigation = z.infer<typeof navigationSchema>

/** A link as the public pages draw it: only shown ones, pages only when published. */
export const menuLinkSchema = z.object({
  label: z.string(),
  href: z.string(),
  /** An outside link: opened in a new tab, and says so. */
  external: z.boolean(),
  /** The fixed screen it opens, if it is one (the header shows Notes once a note is live). */
  screen: z.enum(fixedScreens).nullable(),
})
export type MenuLink = z.infer<typeof menuLinkSchema>

/** What every public page's header and footer show. */
export const menuSchema = z.object({
  header: z.array(menuLinkSchema),
  footer: z.array(menuLinkSchema),
})
export type Menu = z.infer<typeof menuSchema>
