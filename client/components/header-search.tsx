import { type ComponentType, useCallback, useEffect, useRef, useState } from 'react'
import { SearchIcon } from './icons'

/** The longest query the API takes (src/schemas/search.ts; no zod in the public bundle). */
export const MAX_QUERY = 200
/** The box's look (its width is its `size`: no extra rule in the public stylesheet). */
export const searchInputClass =
  'rounded-full border border-line bg-surface-raised px-3 py-1.5 text-sm text-body'

type Combobox = ComponentType<{ id: string; initial: () => string }>

/**
 * The header's search: a plain GET form to /search (it works before and
 * without JavaScript), which becomes a combobox with suggestions on first
 * focus; `/` anywhere outside a field focuses it. On narrow screens: a link
 * to /search. On a public page it is an island (client/islands/loader.ts):
 * its code comes with the box's first focus, which may have come before it
 * (hence the check on mount); the loader handles `/` from the start. `id`:
 * the box's, given rather than made (`useId` differs in an island hydrated
 * on its own from the page the server rendered).
 */
export function HeaderSearch({ id = 'site-search' }: { id?: string }) {
  // What was typed into the plain box, up to the moment the combobox takes over.
  const typed = useRef('')
  // The combobox's code arrives on the box's first focus, not with the page. It
  // takes over only once loaded: until then the plain box keeps the focus and
  // what is typed into it (a lazy component would swap in a fallback box,
  // and the keys typed meanwhile would be lost).
  const [SearchCombobox, setSearchCombobox] = useState<Combobox | null>(null)
  const loading = useRef(false)
  const enhance = useCallback(() => {
    if (loading.current) return
    loading.current = true
    import('./search-combobox').then(
      (module) => setSearchCombobox(() => module.default),
      () => {
        // Offline or a stale deploy: the plain form still searches.
        loading.current = false
      },
    )
  }, [])

  useEffect(() => {
    // Focused before this code came (an island hydrated on that focus): take over now.
    const box = document.getElementById(`${id}-q`)
    if (box && document.activeElement === box) {
      typed.current = (box as HTMLInputElement).value
      enhance()
    }
    const onKey = (event: KeyboardEvent) => {
      // The island loader took it already (client/islands/loader.ts).
      if (event.defaultPrevented) return
      if (event.key !== '/' || event.metaKey || event.ctrlKey || event.altKey) return
      const target = event.target as HTMLElement | null
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return
      const box = document.getElementById(`${id}-q`)
      if (!box || box.offsetParent === null) return
      event.preventDefault()
      box.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [id, enhance])

  const plainForm = (
    <form action="/search" method="get">
      <label htmlFor={`${id}-q`} className="sr-only">
        Search
      </label>
      <input
        id={`${id}-q`}
        type="search"
        name="q"
        aria-keyshortcuts="/"
        maxLength={MAX_QUERY}
        placeholder="Search /"
        size={12}
        onFocus={(event) => {
          typed.current = event.currentTarget.value
          enhance()
        }}
        onInput={(event) => {
          typed.current = event.currentTarget.value
        }}
        className={searchInputClass}
      />
    </form>
  )

  return (
    <>
      <a
        href="/search"
        className="shrink-0 rounded-full px-1 py-1.5 text-muted hover:bg-surface-sunken hover:text-strong sm:hidden"
      >
        <SearchIcon width={18} height={18} />
        <span className="sr-only">Search</span>
      </a>
      <search className="relative max-sm:hidden">
        {SearchCombobox ? <SearchCombobox id={id} initial={() => typed.current} /> : plainForm}
      </search>
    </>
  )
}
