import { Link } from '@tanstack/react-router'
import { useSiteData } from '../lib/site-data'
import { HeaderSearch } from './header-search'
import { Island } from './island'
import { SiteMenu } from './site-menu'
import { ThemeToggle } from './theme-toggle'

function initialsOf(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() ?? '')
  return (letters.length > 1 ? `${letters[0]}${letters.at(-1)}` : (letters[0] ?? '')) || '~'
}

/**
 * Sticky site header: the owner's name (the site's name until there is
 * one), the menu (client/components/site-menu.tsx: the spec's three links,
 * Notes once a note is live, and what the owner adds in Settings → Navigation;
 * never /login), search and the theme control. One row from 640 px; on a phone the name,
 * search and the theme control, with the links on a row of their own under
 * them, so a visitor who lands on a project knows whose site it is.
 */
/**
 * The header's id: a public page's head holds `<link rel="expect"
 * href="#site-header" blocking="render">` (client/routes/__root.tsx), so the
 * browser paints nothing before the whole header is parsed. When the page's
 * bytes reached the parser in two pieces, Chromium painted the header's
 * first part and then the rest, which moved the menu (a layout shift of
 * 0.002 in Lighthouse, 2 of 30 pages in one sweep).
 */
export const SITE_HEADER_ID = 'site-header'

export function SiteHeader() {
  // The root loader's; on an error page it may have failed.
  const site = useSiteData()
  const profile = site?.profile
  const name = profile?.name || 'Portfolio'

  return (
    <header
      id={SITE_HEADER_ID}
      className="sticky top-0 z-20 border-b border-line/80 bg-surface-raised/85 backdrop-blur supports-[backdrop-filter]:bg-surface-raised/70"
    >
      <div className="mx-auto flex w-full site-column flex-wrap items-center gap-x-2 gap-y-1 px-3 pt-2 pb-1 sm:h-16 sm:flex-nowrap sm:justify-between sm:gap-3 sm:px-6 sm:py-0">
        <Link
          to="/"
          className="mr-auto flex min-w-0 items-center gap-2.5 rounded-full font-semibold tracking-tight text-strong sm:mr-0"
        >
          <span
            aria-hidden="true"
            className="grid size-9 shrink-0 place-items-center rounded-full bg-accent text-sm font-bold text-on-accent shadow-card"
          >
            {initialsOf(name)}
          </span>
          <span className="truncate whitespace-nowrap">{name}</span>
        </Link>
        <SiteMenu />
        <Island name="header-search" component={HeaderSearch} props={{}} />
        <ThemeToggle />
      </div>
    </header>
  )
}
