import type { ReactNode } from 'react'
import { secondaryButtonClass } from './form-controls'

/**
 * The top of every admin screen: its title on the page (outside any card),
 * a line saying what the screen is for, and its one main action at the top
 * right (under the title on a phone).
 */
export function AdminPageHeader({
  title,
  lead,
  action,
}: {
  title: string
  lead?: ReactNode
  action?: ReactNode
}) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
      <div className="min-w-0 space-y-1">
        <h1 className="text-3xl font-bold tracking-tight text-strong">{title}</h1>
        {lead ? <p className="max-w-prose text-sm text-muted">{lead}</p> : null}
      </div>
      {action ? <div className="flex shrink-0 flex-wrap gap-2">{action}</div> : null}
    </header>
  )
}

/** A list screen's action: the public page that shows the list, in a new tab. */
export function ViewOnSiteLink({ href }: { href: string }) {
  return (
    <a href={href} target="_blank" rel="noopener" className={secondaryButtonClass}>
      View on the site
    </a>
  )
}
