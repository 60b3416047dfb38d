import { Link } from '@tanstack/react-router'
import { useSiteData } from '../lib/site-data'
import { HeaderSearch } from './header-search'
import { Island } from './island'
import { ThemeToggle } from './theme-toggle'

// Never broken inside a word; narrower on the smallest phones (320 px fits).
const navLinkClass =
  'whitespace-nowrap rounded-full px-1.5 py-1.5 text-sm font-medium max-[359px]:px-1 max-[359px]:text-[13px] sm:px-3 text-muted transition-colors hover:bg-surface-sunken hover:text-strong'
const activeNavLinkClass =
  'bg-accent-soft text-accent-ink hover:bg-accent-soft hover:text-accent-ink'

function initialsOf(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() ?? '')
  return (letters.length > 1 ? `${letters[0]}${letters.at(-1)}` : (letters[0] ?? '')) || '~'
}

/**
 * Sticky site header: the owner's name (the site's name until there is
 * one), the three public pages (never /login), Notes once a note is live,
 * search and the theme control. One row from 640 px; on a phone the name,
 * search and the theme control, with the links on a row of their own under
 * them, so a visitor who lands on a project knows whose site it is.
 */
export function SiteHeader() {
  // The root loader's; on an error page it may have failed.
  const site = useSiteData()
  const profile = site?.profile
  const hasNotes = site?.hasNotes
  const name = profile?.name || 'Portfolio'

  return (
    <header className="sticky top-0 z-20 border-b border-line/80 bg-surface-raised/85 backdrop-blur supports-[backdrop-filter]:bg-surface-raised/70">
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
        <nav
          aria-label="Main"
          className="max-sm:order-last max-sm:-mx-1.5 max-sm:w-full sm:ml-auto"
        >
          <ul className="flex items-center gap-0.5 sm:gap-1">
            <li>
              {/* Home with a ?utm_source=… is still home; the server renders it without (the
                  cache keeps a page by the parameters its routes read), and hydration must match. */}
              <Link
                to="/"
                activeOptions={{ exact: true, includeSearch: false }}
                className={navLinkClass}
                activeProps={{ className: activeNavLinkClass }}
              >
                Home
              </Link>
            </li>
            <li>
              <Link
                to="/projects"
                className={navLinkClass}
                activeProps={{ className: activeNavLinkClass }}
              >
                Projects
              </Link>
            </li>
            <li>
              <Link
                to="/contact-me"
                className={navLinkClass}
                activeProps={{ className: activeNavLinkClass }}
              >
                Contact
              </Link>
            </li>
            {hasNotes ? (
              <li>
                <Link
                  to="/notes"
                  className={navLinkClass}
                  activeProps={{ className: activeNavLinkClass }}
                >
                  Notes
                </Link>
              </li>
            ) : null}
          </ul>
        </nav>
        <Island name="header-search" component={HeaderSearch} props={{}} />
        <ThemeToggle />
      </div>
    </header>
  )
}
