import { Link } from '@tanstack/react-router'
import { ArrowLeftIcon } from './icons'

/** The link above a project or a note back to its list. */
export function BackLink({ to, children }: { to: '/projects' | '/notes'; children: string }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1.5 rounded text-sm font-semibold text-muted hover:text-accent-ink"
    >
      <ArrowLeftIcon width={16} height={16} />
      {children}
    </Link>
  )
}
