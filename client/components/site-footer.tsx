import { Link } from '@tanstack/react-router'
import { useSiteData } from '../lib/site-data'
import { FooterMenu } from './site-menu'

/** Footer with the owner's footer menu (if any), the current year, the owner's rights-reserved line and the privacy note's link. */
export function SiteFooter() {
  const profile = useSiteData()?.profile
  const year = new Date().getFullYear()
  const owner = profile?.name ? ` ${profile.name}` : ''

  return (
    <footer className="border-t border-line bg-surface-raised">
      <div className="mx-auto w-full site-column px-4 py-8 text-center text-sm text-muted sm:px-6">
        <FooterMenu />
        {/* The year comes from the clock of whoever renders: around New Year the server's and
            the visitor's may differ, and the visitor's wins without a hydration warning. */}
        <p suppressHydrationWarning>{`© ${year}${owner}. All rights reserved.`}</p>
        {/* Beside the spec's line, not in it: what the server counts about visits. */}
        <p className="mt-2">
          <Link to="/privacy" className="underline underline-offset-2 hover:text-body">
            Privacy
          </Link>
        </p>
      </div>
    </footer>
  )
}
