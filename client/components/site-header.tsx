import { Link } from '@tanstack/react-router'
import { useSiteData } from '../lib/site-data'
import { HeaderSearch } from './header-search'
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
 * Sticky site header: the owner's name, the three public pages (never
 * /login), Notes once a post is live, search and the theme control.
 */
export function SiteHeader() {
  // The root loader's; on an error page it may have failed.
  const site = useSiteData()
  const profile = site?.profile
  const hasNotes = site?.hasNotes
  const name = profile?.name ?? 'Portfolio'

  return (
    <header className="sticky top-0 z-20 border-b border-line/80 bg-surface-raised/85 backdrop-blur supports-[backdrop-filter]:bg-surface-raised/70">
      <div className="mx-auto flex h-16 w-full site-column items-center justify-between gap-2 px-3 sm:gap-3 sm:px-6">
        {/* On the narrowest phones the Home link alone leads home: the header fits
            (below 400 px once the Notes link joins the three). */}
        <Link
          to="/"
          className={`flex items-center gap-2.5 rounded-full font-semibold tracking-tight text-strong ${
            hasNotes ? 'max-[399px]:hidden' : 'max-[359px]:hidden'
          }`}
        >
          <span
            aria-hidden="true"
            className="grid size-9 place-items-center rounded-full bg-accent text-sm font-bold text-on-accent shadow-card"
          >
            {initialsOf(name)}
          </span>
          <span className="whitespace-nowrap max-sm:sr-only">{name}</span>
        </Link>
        <nav aria-label="Main" className="ml-auto">
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
        <HeaderSearch />
        <ThemeToggle />
      </div>
    </header>
  )
}
