import { safeUrlOrNull } from '../../src/domain/safe-url'
import type { TimelineEvent as StoredEvent } from '../../src/schemas/timeline'
import { imageSizes } from '../lib/responsive-image'
import { BriefcaseIcon, GraduationCapIcon } from './icons'
import { ResponsiveImage } from './responsive-image'
import { Tabs } from './tabs'

/** An event as the home page's data has it: no timestamps, which the list does not show. */
export type TimelineEvent = Omit<StoredEvent, 'created_at' | 'updated_at'>

function endDateOf(event: TimelineEvent): string {
  const end = event.end_date?.trim()
  return end ? end : 'Present'
}

/** An event's description items as bullets (inline Markdown rendered on the server); nothing when none. */
export function EventBullets({ html, className }: { html: readonly string[]; className: string }) {
  if (html.length === 0) return null
  return (
    <ul className={className}>
      {html.map((item, index) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: bullets may repeat and never reorder
          key={index}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: inline Markdown rendered and sanitised on the server (server/markdown/render.ts)
          dangerouslySetInnerHTML={{ __html: item }}
        />
      ))}
    </ul>
  )
}

/**
 * The home page's timeline: the spec's two tabs, experience and education.
 * Both lists are in the page; each tab is a link to the page with it
 * selected (`hrefOf`), so the tabs work without script too.
 */
export function TimelineTabs({
  events,
  selected = 'experience',
  hrefOf,
}: {
  events: readonly TimelineEvent[]
  selected?: TimelineEvent['event_type']
  hrefOf: (type: TimelineEvent['event_type']) => string
}) {
  const tab = (type: TimelineEvent['event_type'], label: string, emptyText: string) => ({
    key: type,
    label,
    href: hrefOf(type),
    panel: (
      <TimelineList
        events={events.filter((event) => event.event_type === type)}
        emptyText={emptyText}
      />
    ),
  })
  return (
    <Tabs
      label="Timeline"
      initial={selected === 'education' ? 1 : 0}
      items={[
        tab('experience', 'Projects & Experience', 'No experience to show yet.'),
        tab('education', 'Education', 'No education to show yet.'),
      ]}
    />
  )
}

/** Timeline events as a vertical list; each one an article with its bullets. */
export function TimelineList({
  events,
  emptyText,
}: {
  events: readonly TimelineEvent[]
  emptyText: string
}) {
  if (events.length === 0) {
    return (
      <p className="rounded-card border border-dashed border-line-strong px-6 py-10 text-center text-muted">
        {emptyText}
      </p>
    )
  }

  return (
    <ol className="relative space-y-6 border-l-2 border-line pl-6 sm:pl-8">
      {events.map((event) => {
        const icon = safeUrlOrNull(event.icon_path)
        return (
          <li key={event.id} className="relative">
            <span
              aria-hidden="true"
              className="absolute top-6 -left-[calc(1.5rem+7px)] size-3 rounded-full border-2 border-surface-raised bg-accent ring-2 ring-accent-soft sm:-left-[calc(2rem+7px)]"
            />
            <article className="card p-5">
              <div className="flex items-start gap-4">
                <ResponsiveImage
                  shown={icon ? { src: icon, image: event.icon } : null}
                  alt={`${event.title} logo`}
                  width={48}
                  height={48}
                  fixed
                  sizes={imageSizes.icon}
                  className="size-12 shrink-0 rounded-control border border-line bg-surface-raised object-contain p-1"
                  fallback={
                    <span
                      aria-hidden="true"
                      className="grid size-12 shrink-0 place-items-center rounded-control bg-accent-soft text-accent-ink"
                    >
                      {event.event_type === 'education' ? <GraduationCapIcon /> : <BriefcaseIcon />}
                    </span>
                  }
                />
                <div className="min-w-0 flex-1">
                  <h3 className="font-semibold tracking-tight text-strong">{event.title}</h3>
                  {event.position ? <p className="text-body">{event.position}</p> : null}
                  <p className="mt-0.5 text-sm text-muted">
                    <span>{event.start_date}</span>
                    <span aria-hidden="true"> – </span>
                    <span className="sr-only"> to </span>
                    <span>{endDateOf(event)}</span>
                  </p>
                </div>
              </div>
              <EventBullets
                html={event.description_html}
                className="content-links mt-4 list-disc space-y-1.5 pl-5 text-sm leading-relaxed text-muted marker:text-accent-ink"
              />
            </article>
          </li>
        )
      })}
    </ol>
  )
}
