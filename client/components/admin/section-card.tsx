import type { ReactNode } from 'react'

interface SectionCardProps {
  id: string
  title: string
  action: ReactNode
  children: ReactNode
}

/** One dashboard section: a heading with its main action, then the content. */
export function SectionCard({ id, title, action, children }: SectionCardProps) {
  return (
    <section
      aria-labelledby={id}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-xl font-bold tracking-tight text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  )
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">
      {children}
    </p>
  )
}
