import type { Shown } from '../../../lib/responsive-image'
import { ResponsiveImage } from '../../responsive-image'

/*
 * Pieces the dashboard's rows share: a thumbnail, a status badge and the
 * date of the last change.
 */

/** A row's image (an upload's smallest variant through srcset), or a tile with the initial. */
export function ListThumbnail({ shown, name }: { shown: Shown | null; name: string }) {
  const fallback = (
    <span
      aria-hidden="true"
      className="grid size-full place-items-center bg-surface-sunken text-lg font-semibold text-muted uppercase"
    >
      {name.trim().charAt(0) || '?'}
    </span>
  )
  // One box in the row, whatever ResponsiveImage renders (an upload's <picture> has a <source> too).
  return (
    <span className="size-14 shrink-0 overflow-hidden rounded-lg bg-surface-sunken sm:size-16">
      <ResponsiveImage
        shown={shown}
        alt=""
        width={64}
        height={64}
        fixed
        sizes="64px"
        className="size-full object-cover"
        fallback={fallback}
      />
    </span>
  )
}

const badgeTones = {
  green: 'bg-success-soft text-success-ink ring-success-line',
  amber: 'bg-warning-soft text-warning-ink ring-warning-line',
  slate: 'bg-surface-sunken text-body ring-line-strong',
  indigo: 'bg-accent-soft text-accent-ink ring-accent-soft',
  red: 'bg-danger-soft text-danger-ink ring-danger-line',
} as const

export function Badge({ tone, children }: { tone: keyof typeof badgeTones; children: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${badgeTones[tone]}`}
    >
      {children}
    </span>
  )
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })

/** "Updated 5 Jan 2025", in the visitor's own way of writing dates (the admin renders in the browser). */
export function UpdatedDate({ iso }: { iso: string }) {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return null
  return (
    <span className="text-xs whitespace-nowrap text-muted">
      Updated <time dateTime={iso}>{dateFormat.format(date)}</time>
    </span>
  )
}
