import type { ReactNode } from 'react'

/** The frame shared by the admin forms: title on top, the form in a card. */
export function FormPage({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-2xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <h1 className="mb-6 text-2xl font-bold tracking-tight text-slate-900">{heading}</h1>
      {children}
    </section>
  )
}
