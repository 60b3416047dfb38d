import type { ReactNode } from 'react'
import { cardClass, ErrorAlert } from './form-controls'

interface SectionCardProps {
  id: string
  title: string
  /** The section's own action (top right); the screen's main one is in its page header. */
  action?: ReactNode
  /** The failure of the last action on the content (a delete). */
  error: string | null
  children: ReactNode
}

/** One dashboard section: a heading with its main action, the last failure, then the content. */
export function SectionCard({ id, title, action, error, children }: SectionCardProps) {
  return (
    <section aria-labelledby={id} className={`space-y-4 ${cardClass}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {/* Reached from the navigation (/admin#manage-projects): clear of the sticky header. */}
        <h2 id={id} className="scroll-mt-24 text-xl font-bold tracking-tight text-strong">
          {title}
        </h2>
        {action}
      </div>
      <ErrorAlert message={error} />
      {children}
    </section>
  )
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-control border border-dashed border-line-strong px-4 py-6 text-center text-sm text-muted">
      {children}
    </p>
  )
}
