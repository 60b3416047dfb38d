import { useQuery } from '@tanstack/react-query'
import { useTrpc } from '../lib/trpc'

/** Footer with the current year and the owner's rights-reserved line. */
export function SiteFooter() {
  const { data: profile } = useQuery(useTrpc().profile.get.queryOptions())
  const year = new Date().getFullYear()
  const owner = profile?.name ? ` ${profile.name}` : ''

  return (
    <footer className="border-t border-line bg-surface-raised">
      <div className="mx-auto w-full site-column px-4 py-8 text-center text-sm text-muted sm:px-6">
        {/* The year comes from the clock of whoever renders: around New Year the server's and
            the visitor's may differ, and the visitor's wins without a hydration warning. */}
        <p suppressHydrationWarning>{`© ${year}${owner}. All rights reserved.`}</p>
      </div>
    </footer>
  )
}
