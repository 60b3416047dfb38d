import type { ReactNode } from 'react'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

/**
 * The frame of every page: skip link, sticky header, content, footer, all in
 * one column (design.css: `site-column`); a page's content reads in its own
 * narrower column unless it takes the frame's width (`page-column`).
 */
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-30 rounded-md bg-surface-raised px-4 py-2 font-medium text-accent-ink shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full site-column page-column flex-1 px-4 py-10 outline-none sm:px-6 sm:py-14"
      >
        {children}
      </main>
      <SiteFooter />
    </div>
  )
}
