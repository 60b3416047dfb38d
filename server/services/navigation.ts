/**
 * The site's menus (Settings → Navigation): stored as one row, read by every
 * public page through the root loader. The spec's three header links (Home,
 * Projects, Contact) are always there, shown, in their own words: a save
 * without them, or hiding or renaming them, is refused naming the field; a
 * stored menu that lacks them (a backup from elsewhere) gets them back when
 * read. Page entries name pages by id: an unknown id is refused, and a page
 * that is gone (in the Trash) or a draft is left out of the public menu.
 */
import { eq, inArray } from 'drizzle-orm'
import {
  type FixedScreen,
  requiredScreens,
  screenInfo,
  screensShownWhenFilled,
} from '../../src/domain/navigation'
import {
  type Menu,
  type MenuEntry,
  type MenuLink,
  menuEntryInput,
  type Navigation,
  type navigationInput,
} from '../../src/schemas/navigation'
import type { z } from '../../src/schemas/zod'
import type { Db } from '../db/client'
import { writeContent } from '../db/content-version'
import { navigation, pages, publications, talks, teaching } from '../db/schema'
import { InvalidFieldError } from '../errors'

type Stored = Navigation['header'][number]

/**
 * The header before the owner arranges it: the spec's three links, then Notes (once one is
 * live), Publications, Talks and Teaching (each once it has a published entry).
 */
export const defaultHeader: Stored[] = (
  ['home', 'projects', 'contact', 'notes', 'publications', 'talks', 'teaching'] as const
).map((screen) => ({ type: 'screen', screen, label: '', visible: true }))

/** Entries a stored menu holds that still read as entries (a restored file may hold anything). */
function entriesOf(value: unknown): Stored[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((item) => {
    const parsed = menuEntryInput.safeParse(item)
    return parsed.success ? [parsed.data] : []
  })
}

/** The spec's three links, shown and in their words, wherever they are; missing ones first. */
function withRequired(header: Stored[]): Stored[] {
  const present = new Set(
    header.flatMap((entry) => (entry.type === 'screen' ? [entry.screen] : [])),
  )
  const missing: Stored[] = requiredScreens
    .filter((screen) => !present.has(screen))
    .map((screen) => ({ type: 'screen', screen, label: '', visible: true }))
  return [
    ...missing,
    ...header.map((entry) =>
      entry.type === 'screen' && requiredScreens.includes(entry.screen)
        ? { ...entry, label: '', visible: true }
        : entry,
    ),
  ]
}

async function stored(db: Db): Promise<{ header: Stored[]; footer: Stored[] }> {
  const [row] = await db.select().from(navigation).where(eq(navigation.id, 1)).limit(1)
  if (!row) return { header: defaultHeader, footer: [] }
  return { header: withRequired(entriesOf(row.header)), footer: entriesOf(row.footer) }
}

async function allPages(db: Db) {
  return db
    .select({ id: pages.id, title: pages.title, slug: pages.slug, status: pages.status })
    .from(pages)
    .orderBy(pages.title, pages.id)
}

/** Both menus as stored (entries of pages that are gone left out), and every page to offer. */
export async function getNavigation(db: Db): Promise<Navigation> {
  const [menus, known] = await Promise.all([stored(db), allPages(db)])
  const ids = new Set(known.map((page) => page.id))
  const kept = (entries: Stored[]) =>
    entries.filter((entry) => entry.type !== 'page' || ids.has(entry.page_id))
  return { header: kept(menus.header), footer: kept(menus.footer), pages: known }
}

/** What is wrong with one menu, as a field error (`header.2.page_id`), or nothing. */
function check(name: 'header' | 'footer', entries: MenuEntry[], known: Set<number>): void {
  const screens = new Set<FixedScreen>()
  const pageIds = new Set<number>()
  entries.forEach((entry, index) => {
    const at = `${name}.${index}`
    if (entry.type === 'screen') {
      if (screens.has(entry.screen)) {
        throw new InvalidFieldError(
          `${at}.screen`,
          `${screenInfo[entry.screen].label} is in the ${name} twice.`,
        )
      }
      screens.add(entry.screen)
      const required = name === 'header' && requiredScreens.includes(entry.screen)
      const words = screenInfo[entry.screen].label
      if (required && !entry.visible) {
        throw new InvalidFieldError(`${at}.visible`, `${words} always stays in the header.`)
      }
      if (required && entry.label !== '' && entry.label !== words) {
        throw new InvalidFieldError(`${at}.label`, `${words} keeps its name in the header.`)
      }
    }
    if (entry.type === 'page') {
      if (!known.has(entry.page_id)) {
        throw new InvalidFieldError(`${at}.page_id`, `No page has the id ${entry.page_id}.`)
      }
      if (pageIds.has(entry.page_id)) {
        throw new InvalidFieldError(`${at}.page_id`, `That page is in the ${name} twice.`)
      }
      pageIds.add(entry.page_id)
    }
  })
  if (name === 'header') {
    const missing = requiredScreens.filter((screen) => !screens.has(screen))
    if (missing.length > 0) {
      throw new InvalidFieldError(
        'header',
        `The header keeps its ${missing.map((screen) => screenInfo[screen].label).join(', ')} link${missing.length > 1 ? 's' : ''}.`,
      )
    }
  }
}

/** Stores both menus (a content write: every cached page shows the new menu). */
export async function setNavigation(
  db: Db,
  input: z.output<typeof navigationInput>,
  now: Date,
): Promise<Navigation> {
  const ids = [...input.header, ...input.footer].flatMap((entry) =>
    entry.type === 'page' ? [entry.page_id] : [],
  )
  const found =
    ids.length === 0
      ? []
      : await db.select({ id: pages.id }).from(pages).where(inArray(pages.id, ids))
  const known = new Set(found.map((row) => row.id))
  check('header', input.header, known)
  check('footer', input.footer, known)
  const header = withRequired(input.header)
  await writeContent(db, (tx) =>
    tx
      .insert(navigation)
      .values({ id: 1, header, footer: input.footer, updated_at: now })
      .onConflictDoUpdate({
        target: navigation.id,
        set: { header, footer: input.footer, updated_at: now },
      }),
  )
  return getNavigation(db)
}

/** The screens of the scholarly record that have a published entry (the others stay out of the menus). */
async function filledScreens(db: Db): Promise<Set<FixedScreen>> {
  const any = async (table: typeof publications | typeof talks | typeof teaching) =>
    (await db.select({ id: table.id }).from(table).where(eq(table.status, 'published')).limit(1))
      .length > 0
  const [p, t, c] = await Promise.all([any(publications), any(talks), any(teaching)])
  return new Set<FixedScreen>([
    ...(p ? (['publications'] as const) : []),
    ...(t ? (['talks'] as const) : []),
    ...(c ? (['teaching'] as const) : []),
  ])
}

/** The menus as visitors see them: shown links only, published pages only, in order. */
export async function getMenu(db: Db): Promise<Menu> {
  const [menus, known, filled] = await Promise.all([stored(db), allPages(db), filledScreens(db)])
  const byId = new Map(known.map((page) => [page.id, page]))
  const links = (entries: Stored[]): MenuLink[] =>
    entries.flatMap((entry): MenuLink[] => {
      if (!entry.visible) return []
      if (entry.type === 'screen') {
        if (screensShownWhenFilled.includes(entry.screen) && !filled.has(entry.screen)) return []
        const info = screenInfo[entry.screen]
        return [
          {
            label: entry.label || info.label,
            href: info.path,
            external: false,
            screen: entry.screen,
          },
        ]
      }
      if (entry.type === 'page') {
        const page = byId.get(entry.page_id)
        if (page?.status !== 'published') return []
        return [
          {
            label: entry.label || page.title,
            href: `/${encodeURIComponent(page.slug)}`,
            external: false,
            screen: null,
          },
        ]
      }
      return [{ label: entry.label, href: entry.url, external: true, screen: null }]
    })
  return { header: links(menus.header), footer: links(menus.footer) }
}
