/**
 * The header search's suggestions (with search-combobox.tsx, loaded on the
 * search box's first focus, so the public entry carries none of this). Asks
 * the REST door (`GET /api/search?q=`) with plain fetch: no tRPC client needed.
 */

export interface Suggestion {
  kind: 'project' | 'note' | 'timeline' | 'page' | 'publication' | 'talk' | 'teaching'
  title: string
  url: string
  snippet: string
}

const kindLabels = {
  project: 'Project',
  note: 'Note',
  timeline: 'Timeline',
  page: 'Page',
  publication: 'Publication',
  talk: 'Talk',
  teaching: 'Teaching',
} as const

/** The results for `q`, or [] when the request fails or is cancelled. */
export async function fetchSuggestions(q: string, signal: AbortSignal): Promise<Suggestion[]> {
  try {
    const response = await fetch(`/api/search?q=${encodeURIComponent(q)}`, { signal })
    if (!response.ok) return []
    const body = (await response.json()) as { results?: Suggestion[] }
    return (body.results ?? []).slice(0, 8)
  } catch {
    return []
  }
}

export function SuggestionList({
  id,
  results,
  active,
  q,
  onPick,
}: {
  id: string
  results: Suggestion[]
  active: number
  q: string
  /** Opens a suggestion's page (the input keeps the focus; the keyboard picks with Enter). */
  onPick: (url: string) => void
}) {
  const options = [
    ...results.map((result) => ({
      key: `${result.kind} ${result.url} ${result.title}`,
      url: result.url,
      label: kindLabels[result.kind],
      title: result.title,
    })),
    {
      key: 'all',
      url: `/search?q=${encodeURIComponent(q)}`,
      label: null,
      title: `All results for “${q}”`,
    },
  ]
  return (
    <div
      id={id}
      role="listbox"
      aria-label="Search suggestions"
      className="absolute right-0 z-30 mt-2 w-80 overflow-hidden rounded-card border border-line bg-surface-raised py-1 shadow-card"
    >
      {options.map((option, index) => (
        <div
          key={option.key}
          id={`${id}-${index}`}
          role="option"
          tabIndex={-1}
          aria-selected={index === active}
          // Before the input's blur closes the list.
          onMouseDown={(event) => {
            event.preventDefault()
            onPick(option.url)
          }}
          className={`px-3 py-2 ${index === active ? 'bg-accent-soft' : 'hover:bg-surface-sunken'}`}
        >
          {option.label ? (
            <span className="block text-xs font-semibold text-muted">{option.label}</span>
          ) : null}
          <span
            className={`block truncate font-semibold ${option.label ? 'text-strong' : 'text-sm text-accent-ink'}`}
          >
            {option.title}
          </span>
        </div>
      ))}
    </div>
  )
}
