import type { ReactNode } from 'react'

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
