import { Link } from '@tanstack/react-router'
import type { MouseEvent } from 'react'
import { PHONE_MENU_LINKS } from '../../src/domain/navigation'
import type { MenuLink } from '../../src/schemas/navigation'
import { useSiteData } from '../lib/site-data'
import { ArrowUpRightIcon } from './icons'

// Never broken inside a word; narrower on the smallest phones (320 px fits).
const navLinkClass =
  'whitespace-nowrap rounded-full px-1.5 py-1.5 text-sm font-medium max-[359px]:px-1 max-[359px]:text-[13px] sm:px-3 text-muted transition-colors hover:bg-surface-sunken hover:text-strong'
const activeNavLinkClass =
  'bg-accent-soft text-accent-ink hover:bg-accent-soft hover:text-accent-ink'

/** The spec's links, when the menu could not be read (an error page whose root loader failed). */
const specLinks = (
  [
    ['Home', '/'],
    ['Projects', '/projects'],
    ['Contact', '/contact-me'],
  ] as const
).map(([label, href]): MenuLink => ({ label, href, external: false, screen: null }))

/** The header's links as the owner ordered them; Notes only once a note is live. */
export function useHeaderLinks(): MenuLink[] {
  const site = useSiteData()
  const links = site?.menu?.header ?? specLinks
  return links.filter((link) => link.screen !== 'notes' || site?.hasNotes)
}

/** One link: a site path through the router, an outside address in a new tab (and said so). */
function MenuAnchor({
  link,
  className,
  activeClassName,
  onClick,
}: {
  link: MenuLink
  className: string
  activeClassName: string
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void
}) {
  if (link.external) {
    return (
      <a
        href={link.href}
        target="_blank"
        rel="noopener noreferrer"
        className={`${className} inline-flex items-center gap-0.5`}
        onClick={onClick}
      >
        {link.label}
        <ArrowUpRightIcon width={12} height={12} aria-hidden="true" className="shrink-0" />
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    )
  }
  return (
    <Link
      to={link.href}
      // Home with a ?utm_source=… is still home; the server renders it without (the cache
      // keeps a page by the parameters its routes read), and hydration must match.
      activeOptions={link.href === '/' ? { exact: true, includeSearch: false } : undefined}
      className={className}
      activeProps={{ className: activeClassName }}
      onClick={onClick}
    >
      {link.label}
    </Link>
  )
}

/** Closes the folded menu once a link in it is followed (the page changes in place). */
function closeDisclosure(event: MouseEvent<HTMLAnchorElement>) {
  event.currentTarget.closest('details')?.removeAttribute('open')
}

/**
 * The header's main menu (Settings → Navigation). On a phone, a menu with
 * more links than fit on its row folds into a disclosure (`<details>`),
 * which opens and closes without script; from 640 px the links are in a row.
 */
export function SiteMenu() {
  const links = useHeaderLinks()
  const folds = links.length > PHONE_MENU_LINKS
  return (
    <nav
      aria-label="Main"
      className={
        folds
          ? 'max-sm:order-last max-sm:w-full sm:ml-auto'
          : 'max-sm:order-last max-sm:-mx-1.5 max-sm:w-full sm:ml-auto'
      }
    >
      <ul className={`flex items-center gap-0.5 sm:gap-1 ${folds ? 'max-sm:hidden' : ''}`}>
        {links.map((link) => (
          <li key={`${link.href} ${link.label}`}>
            <MenuAnchor link={link} className={navLinkClass} activeClassName={activeNavLinkClass} />
          </li>
        ))}
      </ul>
      {folds ? (
        <details className="relative pb-1 sm:hidden">
          {/* The browser's own disclosure marker says it opens; it needs no script. */}
          <summary className="w-fit rounded-full border border-line px-3 py-1.5 text-sm font-medium text-body hover:bg-surface-sunken">
            Menu
          </summary>
          <ul className="absolute inset-x-0 z-30 mt-1 grid rounded-card border border-line bg-surface-raised px-2 py-2 shadow-lifted">
            {links.map((link) => (
              <li key={`${link.href} ${link.label}`}>
                <MenuAnchor
                  link={link}
                  className={navLinkClass}
                  activeClassName={activeNavLinkClass}
                  onClick={closeDisclosure}
                />
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </nav>
  )
}

/** The optional footer menu; nothing when the owner has none. */
export function FooterMenu() {
  const links = useSiteData()?.menu?.footer ?? []
  if (links.length === 0) return null
  return (
    <nav aria-label="Footer" className="mb-3">
      <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1">
        {links.map((link) => (
          <li key={`${link.href} ${link.label}`}>
            <MenuAnchor
              link={link}
              className="underline underline-offset-2 hover:text-body"
              activeClassName="text-strong"
            />
          </li>
        ))}
      </ul>
    </nav>
  )
}
