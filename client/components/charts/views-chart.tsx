import { useEffect, useRef, useState } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { type DailyCount, dayToSeconds, longDay, plural, shortDay } from '../../lib/analytics'
import { seriesColours } from '../../lib/chart-colours'

/*
 * Views and visitors per day as lines: uPlot (about 20 KB gzip, canvas, no
 * dependencies). This module is imported lazily by the Analytics screen
 * only, and lives outside components/admin so it stays out of the admin's
 * shared chunk: no other screen fetches it. The screen gives the same
 * numbers as a table and a sentence; the canvas is hidden from assistive
 * technology.
 */

const HEIGHT = 260

interface Colours {
  axis: string
  views: string
  visitors: string
}

/**
 * The chart's colours from the page: the axes take the text colour around
 * them; views the accent's readable shade of the theme (`--color-accent-ink`),
 * visitors a colour far from it in hue, both 3:1 on the card
 * (`--color-surface-raised`; client/lib/chart-colours.ts). A canvas cannot
 * use classes, so it reads them.
 */
function coloursOf(element: HTMLElement): Colours {
  const style = getComputedStyle(element)
  const token = (name: string) => style.getPropertyValue(name).trim()
  return {
    axis: style.color || '#475569',
    ...seriesColours(token('--color-accent-ink'), token('--color-surface-raised')),
  }
}

/** The visitors' line is dashed: the two lines differ by more than their colour. */
const VISITORS_DASH = [6, 4]

/** A faint fill under a line of a `#rrggbb` colour; none for any other notation. */
function fillOf(colour: string): string | undefined {
  return /^#[0-9a-f]{6}$/i.test(colour) ? `${colour}14` : undefined
}

function options(width: number, colours: Colours, onCursor: (index: number | null) => void) {
  const grid = { stroke: 'rgba(100, 116, 139, 0.18)', width: 1 }
  const views = fillOf(colours.views)
  const axis = { stroke: colours.axis, grid, ticks: { ...grid, size: 4 }, font: '12px system-ui' }
  return {
    width,
    height: HEIGHT,
    // The days are UTC days: the axis labels them so whatever the browser's zone.
    tzDate: (seconds: number) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { size: 7 } },
    scales: {
      x: { time: true },
      y: {
        range: (_u: uPlot, _min: number, max: number) =>
          [0, Math.max(4, max * 1.1)] as [number, number],
      },
    },
    axes: [
      // `3 Nov`, not the US `11/3` with a year line under the first.
      {
        ...axis,
        space: 60,
        // Whole days only: a tick between two days would repeat a date.
        incrs: [1, 2, 3, 7, 14, 28].map((days) => days * 86_400),
        values: (_u: uPlot, ticks: number[]) =>
          ticks.map((tick) => shortDay(new Date(tick * 1000).toISOString().slice(0, 10))),
      },
      {
        ...axis,
        size: 44,
        values: (_u: uPlot, ticks: number[]) =>
          ticks.map((tick) => (Number.isInteger(tick) ? String(tick) : '')),
      },
    ],
    series: [
      {},
      { label: 'Views', stroke: colours.views, width: 2, ...(views ? { fill: views } : {}) },
      { label: 'Visitors', stroke: colours.visitors, width: 2, dash: VISITORS_DASH },
    ],
    hooks: {
      setCursor: [(chart: uPlot) => onCursor(chart.cursor.idx ?? null)],
    },
  } satisfies uPlot.Options
}

/** The day under the pointer, in words above the chart (the table below has them all). */
function Readout({ day }: { day: DailyCount | undefined }) {
  return (
    <p aria-hidden="true" className="min-h-5 text-sm text-muted tabular-nums">
      {day
        ? `${longDay(day.date)}: ${plural(day.views, 'view')}, ${plural(day.visitors, 'visitor')}`
        : 'Point at the chart to see a day.'}
    </p>
  )
}

function sameColours(a: Colours, b: Colours): boolean {
  return a.axis === b.axis && a.views === b.views && a.visitors === b.visitors
}

/** What each line is, in the colours the chart draws them with (the figure's sentence says it all too). */
function Legend({ colours }: { colours: Colours }) {
  // A line as the chart draws it: solid for views, dashed for visitors.
  const swatch = (colour: string, dashed: boolean) => (
    <span
      data-testid="legend-swatch"
      className={`w-6 border-t-2 ${dashed ? 'border-dashed' : 'border-solid'}`}
      style={{ borderColor: colour }}
    />
  )
  return (
    <ul aria-hidden="true" className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-body">
      <li className="flex items-center gap-2">
        {swatch(colours.views, false)}
        Views
      </li>
      <li className="flex items-center gap-2">
        {swatch(colours.visitors, true)}
        Visitors
      </li>
    </ul>
  )
}

export default function ViewsChart({ daily }: { daily: readonly DailyCount[] }) {
  const box = useRef<HTMLDivElement>(null)
  const [cursor, setCursor] = useState<number | null>(null)
  const [colours, setColours] = useState<Colours | null>(null)

  // Read once, and again when <html> changes (a theme switched, a new accent colour).
  useEffect(() => {
    const element = box.current
    if (!element) return
    const read = () =>
      setColours((current) => {
        const found = coloursOf(element)
        return current && sameColours(current, found) ? current : found
      })
    read()
    const observer = new MutationObserver(read)
    observer.observe(document.documentElement, { attributes: true })
    return () => observer.disconnect()
  }, [])

  useEffect(() => {
    const element = box.current
    if (!element || !colours) return
    const data: uPlot.AlignedData = [
      daily.map((day) => dayToSeconds(day.date)),
      daily.map((day) => day.views),
      daily.map((day) => day.visitors),
    ]
    const chart = new uPlot(options(element.clientWidth, colours, setCursor), data, element)
    // The card's width changes with the window and the admin's layout.
    const observer = new ResizeObserver(() => {
      if (element.clientWidth > 0) chart.setSize({ width: element.clientWidth, height: HEIGHT })
    })
    observer.observe(element)
    return () => {
      observer.disconnect()
      chart.destroy()
    }
  }, [daily, colours])

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Readout day={cursor === null ? undefined : daily[cursor]} />
        {colours ? <Legend colours={colours} /> : null}
      </div>
      <div
        ref={box}
        aria-hidden="true"
        data-testid="views-chart"
        className="w-full text-muted"
        style={{ height: HEIGHT }}
      />
    </div>
  )
}
