import type { ReactNode } from 'react'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

/**
 * The width of the content column: the public pages read best at 704 px; the
 * admin area (a route with `staticData: { wide: true }`) gets 1200 px for its
 * lists and forms.
 */
export type ColumnWidth = 'max-w-176' | 'max-w-300'

/** The frame of every page: skip link, sticky header, content column, footer. */
export function SiteLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const column: ColumnWidth = wide ? 'max-w-300' : 'max-w-176'
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-30 rounded-md bg-white px-4 py-2 font-medium text-indigo-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader column={column} />
      <main
        id="main"
        tabIndex={-1}
        className={`mx-auto w-full ${column} flex-1 px-4 py-10 outline-none sm:px-6 sm:py-14`}
      >
        {children}
      </main>
      <SiteFooter column={column} />
    </div>
  )
}
