import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react'

export interface TabItem {
  key: string
  label: ReactNode
  panel: ReactNode
  /**
   * The address that shows this tab selected: each tab is a link, so the
   * tabs work without script (the server renders the page with it
   * selected); with script it is selected in place.
   */
  href: string
}

/**
 * Accessible tabs (WAI-ARIA APG "tabs with automatic activation"): one tab
 * stop for the whole tab list (roving tabindex), Left/Right arrows wrap
 * around, Home/End jump to the ends, and the focused tab is selected. Every
 * panel is in the HTML; `initial` is the one shown first.
 */
export function Tabs({
  label,
  items,
  initial = 0,
}: {
  label: string
  items: readonly TabItem[]
  initial?: number
}) {
  const baseId = useId()
  const [selectedIndex, setSelectedIndex] = useState(initial)
  const tabRefs = useRef<(HTMLAnchorElement | null)[]>([])
  const current = Math.min(selectedIndex, Math.max(items.length - 1, 0))

  const tabId = (index: number) => `${baseId}-tab-${index}`
  const panelId = (index: number) => `${baseId}-panel-${index}`

  function select(index: number) {
    setSelectedIndex(index)
    tabRefs.current[index]?.focus()
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = items.length - 1
    // Move from the focused tab, which a script may have focused without selecting it.
    const focused =
      event.target instanceof HTMLAnchorElement ? tabRefs.current.indexOf(event.target) : -1
    const from = focused >= 0 ? focused : current
    let next: number | null = null
    if (event.key === 'ArrowRight') next = from === last ? 0 : from + 1
    else if (event.key === 'ArrowLeft') next = from === 0 ? last : from - 1
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = last
    if (next === null) return
    event.preventDefault()
    select(next)
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex gap-1 rounded-full bg-line/70 p-1"
      >
        {items.map((item, index) => {
          const selected = index === current
          return (
            <a
              key={item.key}
              href={item.href}
              ref={(element) => {
                tabRefs.current[index] = element
              }}
              role="tab"
              id={tabId(index)}
              aria-selected={selected}
              aria-controls={panelId(index)}
              tabIndex={selected ? 0 : -1}
              onClick={(event) => {
                // A modifier key: the tab's address, as any link (a new tab, a new window).
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
                event.preventDefault()
                select(index)
              }}
              className={`flex-auto rounded-full px-2.5 py-2 text-center text-[13px] font-semibold whitespace-nowrap transition-colors sm:flex-none sm:px-4 sm:text-sm ${
                selected
                  ? 'bg-surface-raised text-accent-ink shadow-card'
                  : 'text-muted hover:bg-surface-raised/60 hover:text-strong'
              }`}
            >
              {item.label}
            </a>
          )
        })}
      </div>
      {items.map((item, index) => (
        <div
          key={item.key}
          role="tabpanel"
          id={panelId(index)}
          aria-labelledby={tabId(index)}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the APG tabs pattern puts the panel in the tab order
          tabIndex={0}
          hidden={index !== current}
          className="mt-6 rounded-card"
        >
          {item.panel}
        </div>
      ))}
    </div>
  )
}
