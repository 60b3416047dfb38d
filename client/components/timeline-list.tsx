import { safeUrlOrNull } from '../../src/domain/safe-url'
import type { TimelineEvent } from '../../src/schemas/timeline'
import { imageSizes } from '../lib/responsive-image'
import { BriefcaseIcon, GraduationCapIcon } from './icons'
import { ResponsiveImage } from './responsive-image'

function endDateOf(event: TimelineEvent): string {
  const end = event.end_date?.trim()
  return end ? end : 'Present'
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
      <p className="rounded-2xl border border-dashed border-slate-300 px-6 py-10 text-center text-slate-500">
        {emptyText}
      </p>
    )
  }

  return (
    <ol className="relative space-y-6 border-l-2 border-slate-200 pl-6 sm:pl-8">
      {events.map((event) => {
        const icon = safeUrlOrNull(event.icon_path)
        return (
          <li key={event.id} className="relative">
            <span
              aria-hidden="true"
              className="absolute top-6 -left-[calc(1.5rem+7px)] size-3 rounded-full border-2 border-white bg-indigo-500 ring-2 ring-indigo-100 sm:-left-[calc(2rem+7px)]"
            />
            <article className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <div className="flex items-start gap-4">
                <ResponsiveImage
                  shown={icon ? { src: icon, image: event.icon } : null}
                  alt={`${event.title} logo`}
                  width={48}
                  height={48}
                  fixed
                  sizes={imageSizes.icon}
                  className="size-12 shrink-0 rounded-xl border border-slate-100 bg-white object-contain p-1"
                  fallback={
                    <span
                      aria-hidden="true"
                      className="grid size-12 shrink-0 place-items-center rounded-xl bg-indigo-50 text-indigo-600"
                    >
                      {event.event_type === 'education' ? <GraduationCapIcon /> : <BriefcaseIcon />}
                    </span>
                  }
                />
                <div className="min-w-0 flex-1">
                  <h3 className="font-semibold tracking-tight text-slate-900">{event.title}</h3>
                  {event.position ? <p className="text-slate-700">{event.position}</p> : null}
                  <p className="mt-0.5 text-sm text-slate-500">
                    <span>{event.start_date}</span>
                    <span aria-hidden="true"> – </span>
                    <span className="sr-only"> to </span>
                    <span>{endDateOf(event)}</span>
                  </p>
                </div>
              </div>
              {event.description.length > 0 ? (
                <ul className="mt-4 list-disc space-y-1.5 pl-5 text-sm leading-relaxed text-slate-600 marker:text-indigo-400">
                  {event.description_html.map((html, index) => (
                    <li
                      // biome-ignore lint/suspicious/noArrayIndexKey: bullets may repeat and never reorder
                      key={index}
                      // biome-ignore lint/security/noDangerouslySetInnerHtml: inline Markdown rendered and sanitised on the server (server/markdown/render.ts)
                      dangerouslySetInnerHTML={{ __html: html }}
                    />
                  ))}
                </ul>
              ) : null}
            </article>
          </li>
        )
      })}
    </ol>
  )
}
