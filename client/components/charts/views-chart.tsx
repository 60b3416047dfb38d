import { useEffect, useRef, useState } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { type DailyCount, dayToSeconds, longDay, plural, shortDay } from '../../lib/analytics'

/*
 * Views and visitors per day as lines: uPlot (about 20 KB gzip, canvas, no
 * dependencies). This module is imported lazily by the Analytics screen
 * only, and lives outside components/admin so it stays out of the admin's
 * shared chunk: no other screen fetches it. The screen gives the same
 * numbers as a table and a sentence; the canvas is hidden from assistive
 * technology.
 */

export const seriesColours = { views: '#4f46e5', visitors: '#059669' } as const

const HEIGHT = 260

/** The colour of the text around the chart, so the axes follow the page's theme. */
function textColour(element: HTMLElement): string {
  return getComputedStyle(element).color || '#475569'
}

function options(width: number, axisColour: string, onCursor: (index: number | null) => void) {
  const grid = { stroke: 'rgba(100, 116, 139, 0.18)', width: 1 }
  const axis = { stroke: axisColour, grid, ticks: { ...grid, size: 4 }, font: '12px system-ui' }
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
      { label: 'Views', stroke: seriesColours.views, width: 2, fill: 'rgba(79, 70, 229, 0.08)' },
      { label: 'Visitors', stroke: seriesColours.visitors, width: 2 },
    ],
    hooks: {
      setCursor: [(chart: uPlot) => onCursor(chart.cursor.idx ?? null)],
    },
  } satisfies uPlot.Options
}

/** The day under the pointer, in words above the chart (the table below has them all). */
function Readout({ day }: { day: DailyCount | undefined }) {
  return (
    <p aria-hidden="true" className="min-h-5 text-sm text-slate-600 tabular-nums">
      {day
        ? `${longDay(day.date)}: ${plural(day.views, 'view')}, ${plural(day.visitors, 'visitor')}`
        : 'Point at the chart to see a day.'}
    </p>
  )
}

export default function ViewsChart({ daily }: { daily: readonly DailyCount[] }) {
  const box = useRef<HTMLDivElement>(null)
  const [cursor, setCursor] = useState<number | null>(null)

  useEffect(() => {
    const element = box.current
    if (!element) return
    const data: uPlot.AlignedData = [
      daily.map((day) => dayToSeconds(day.date)),
      daily.map((day) => day.views),
      daily.map((day) => day.visitors),
    ]
    const chart = new uPlot(
      options(element.clientWidth, textColour(element), setCursor),
      data,
      element,
    )
    // The card's width changes with the window and the admin's layout.
    const observer = new ResizeObserver(() => {
      if (element.clientWidth > 0) chart.setSize({ width: element.clientWidth, height: HEIGHT })
    })
    observer.observe(element)
    return () => {
      observer.disconnect()
      chart.destroy()
    }
  }, [daily])

  return (
    <div className="space-y-2">
      <Readout day={cursor === null ? undefined : daily[cursor]} />
      <div
        ref={box}
        aria-hidden="true"
        data-testid="views-chart"
        className="w-full text-slate-600"
        style={{ height: HEIGHT }}
      />
    </div>
  )
}
