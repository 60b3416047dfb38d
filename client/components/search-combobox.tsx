import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { MAX_QUERY, searchInputClass } from './header-search'
import { fetchSuggestions, type Suggestion, SuggestionList } from './search-suggestions'

/**
 * The header's search box once it has been used: a combobox (WAI-ARIA APG
 * "combobox with listbox popup"). Typing lists suggestions (arrows move,
 * Enter opens, Escape closes); Enter without a pick opens /search. Loaded on
 * the box's first focus (header-search.tsx), so the public entry carries
 * none of it; it takes over the plain box with its text and its focus.
 */
export default function SearchCombobox({ id, initial }: { id: string; initial: () => string }) {
  const listId = `${id}-list`
  const input = useRef<HTMLInputElement>(null)
  const [q, setQ] = useState(initial)
  const [results, setResults] = useState<Suggestion[]>([])
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  /** The suggestions on screen, for an answer that lands after the visitor picked one. */
  const shown = useRef(results)
  shown.current = results
  // As this box replaces the plain one, in the same task (a layout effect: no key can
  // land in between): the text typed since this render read it (a key can reach the
  // plain box between the two), the focus (the plain box took it away with it), and
  // the caret after the text.
  const typedBefore = useRef(initial)
  useLayoutEffect(() => {
    const box = input.current
    if (!box) return
    const latest = typedBefore.current()
    if (latest !== box.value) {
      box.value = latest
      setQ(latest)
    }
    // Text typed into the plain box is a query like any other: its suggestions show.
    if (latest.trim() !== '') setOpen(true)
    box.focus()
    box.setSelectionRange(box.value.length, box.value.length)
  }, [])

  useEffect(() => {
    const text = q.trim()
    if (text === '') {
      setResults([])
      return
    }
    const controller = new AbortController()
    const timer = setTimeout(async () => {
      const found = await fetchSuggestions(text, controller.signal)
      if (!controller.signal.aborted) {
        // The visitor may have moved to a suggestion while this answer was on its way
        // (arrow keys work on what is shown): the pick stays where the new list still
        // holds it, and "all results" (the row after the suggestions) stays picked.
        const before = shown.current
        setActive((current) => {
          if (current < 0) return -1
          if (current >= before.length) return found.length
          const url = before[current]?.url
          return found.findIndex((suggestion) => suggestion.url === url)
        })
        // Not opened here: typing opens the list, and a list the visitor closed
        // (Escape, leaving the box) stays closed when a late answer lands.
        setResults(found)
      }
    }, 150)
    return () => {
      controller.abort()
      clearTimeout(timer)
    }
  }, [q])

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
    // A document navigation: the public pages are documents (docs/decisions/0389).
    window.location.assign(href)
  }

  return (
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
        // Text, not search: Chromium's search box clears itself on Escape, where
        // the combobox pattern's first Escape only closes the suggestions.
        type="text"
        enterKeyHint="search"
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
        size={12}
        value={q}
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
        className={searchInputClass}
      />
      {expanded ? (
        <SuggestionList id={listId} results={results} active={active} q={q.trim()} onPick={go} />
      ) : null}
    </form>
  )
}
