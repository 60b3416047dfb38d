import { useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { SearchIcon } from './icons'
import type { Suggestion } from './search-suggestions'

// The suggestions' code arrives on first use, not with the page.
const loadSuggestions = () => import('./search-suggestions')
const SuggestionList = lazy(loadSuggestions)

/** The longest query the API takes (src/schemas/search.ts). */
const MAX_QUERY = 200

/**
 * The header's search box, a combobox (WAI-ARIA APG "combobox with listbox
 * popup"): a plain GET form to /search without JavaScript; with it, `/`
 * anywhere outside a field focuses it, typing lists suggestions (arrows move,
 * Enter opens, Escape closes). On narrow screens: a link to /search.
 */
export function HeaderSearch() {
  const id = useId()
  const listId = `${id}-list`
  const input = useRef<HTMLInputElement>(null)
  const navigate = useNavigate()
  const [q, setQ] = useState('')
  const [results, setResults] = useState<Suggestion[]>([])
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [used, setUsed] = useState(false)

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.metaKey || event.ctrlKey || event.altKey) return
      const target = event.target as HTMLElement | null
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return
      if (!input.current || input.current.offsetParent === null) return
      event.preventDefault()
      input.current.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])

  useEffect(() => {
    const text = q.trim()
    if (!used || text === '') {
      setResults([])
      return
    }
    const controller = new AbortController()
    const timer = setTimeout(async () => {
      const { fetchSuggestions } = await loadSuggestions()
      const found = await fetchSuggestions(text, controller.signal)
      if (!controller.signal.aborted) {
        setResults(found)
        setActive(-1)
        setOpen(true)
      }
    }, 150)
    return () => {
      controller.abort()
      clearTimeout(timer)
    }
  }, [q, used])

  const expanded = open && q.trim() !== ''
  const count = results.length + 1
  const close = () => {
    setOpen(false)
    setActive(-1)
  }
  const go = (href: string) => {
    close()
    setQ('')
    input.current?.blur()
    void navigate({ href })
  }

  return (
    <>
      <a
        href="/search"
        className="shrink-0 rounded-full p-1.5 text-muted hover:bg-surface-sunken hover:text-strong sm:hidden"
      >
        <SearchIcon width={18} height={18} />
        <span className="sr-only">Search</span>
      </a>
      <search className="relative max-sm:hidden">
        <form
          action="/search"
          method="get"
          onSubmit={(event) => {
            event.preventDefault()
            const text = q.trim()
            if (text) go(`/search?q=${encodeURIComponent(text)}`)
          }}
        >
          <label htmlFor={`${id}-q`} className="sr-only">
            Search
          </label>
          <input
            ref={input}
            id={`${id}-q`}
            type="search"
            name="q"
            role="combobox"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
            aria-keyshortcuts="/"
            autoComplete="off"
            maxLength={MAX_QUERY}
            placeholder="Search /"
            value={q}
            onFocus={() => setUsed(true)}
            onChange={(event) => {
              setQ(event.target.value)
              setOpen(true)
            }}
            onBlur={() => setTimeout(close, 150)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                if (expanded) event.preventDefault()
                close()
              } else if (event.key === 'ArrowDown' && expanded) {
                event.preventDefault()
                setActive((current) => (current + 1) % count)
              } else if (event.key === 'ArrowUp' && expanded) {
                event.preventDefault()
                setActive((current) => (current <= 0 ? count - 1 : current - 1))
              } else if (event.key === 'Enter' && expanded && active >= 0) {
                event.preventDefault()
                const picked = results[active]
                go(picked ? picked.url : `/search?q=${encodeURIComponent(q.trim())}`)
              }
            }}
            className="w-24 rounded-full border border-line bg-surface-raised px-3 py-1.5 text-sm text-body transition-[width] placeholder:text-muted focus:w-44"
          />
          {expanded && used ? (
            <Suspense fallback={null}>
              <SuggestionList
                id={listId}
                results={results}
                active={active}
                q={q.trim()}
                onPick={go}
              />
            </Suspense>
          ) : null}
        </form>
      </search>
    </>
  )
}
