import { Link } from '@tanstack/react-router'
import { ArrowLeftIcon } from './icons'

/** The public lists a page links back to: a project's page to /projects, a note's to /notes. */
type ListPath = '/projects' | '/notes'

/** The link above a project's or a note's page back to its list ("All projects"). */
export function BackLink({ to, children }: { to: ListPath; children: string }) {
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

/** Above a list filtered by `?tag=`: which tag, and the way back to the whole list. */
export function TagFilterBanner({
  tag,
  to,
  children,
}: {
  tag: string
  to: ListPath
  children: string
}) {
  return (
    <p className="mt-6 flex flex-wrap items-center gap-x-3 gap-y-1 break-words text-body">
      <span>
        Tagged <strong>{tag}</strong>
      </span>
      <Link to={to} className="font-semibold text-accent-ink hover:underline">
        {children}
      </Link>
    </p>
  )
}
