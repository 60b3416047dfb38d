import { useState } from 'react'

export interface CiteTexts {
  bibtex: string
  ris: string
  apa: string
  ieee: string
}

const formats: { key: keyof CiteTexts; label: string }[] = [
  { key: 'apa', label: 'APA' },
  { key: 'ieee', label: 'IEEE' },
  { key: 'bibtex', label: 'BibTeX' },
  { key: 'ris', label: 'RIS' },
]

/**
 * A publication's "Cite": a disclosure (works without script: each text is
 * there to select) holding the formatted reference in APA and IEEE, and the
 * entry as BibTeX and RIS, each with a Copy button once the island is live
 * (client/islands/cite.tsx, loaded on the first focus or press inside it).
 */
export function CiteBox({ id, title, cite }: { id: string; title: string; cite: CiteTexts }) {
  const [copied, setCopied] = useState<keyof CiteTexts | null>(null)
  const copy = async (key: keyof CiteTexts) => {
    try {
      await navigator.clipboard.writeText(cite[key])
      setCopied(key)
    } catch {
      setCopied(null)
    }
  }
  return (
    <details className="group mt-2 w-full" data-cite="">
      <summary className="inline-flex cursor-pointer list-none items-center rounded-control text-sm font-semibold text-accent-ink hover:underline">
        Cite<span className="sr-only"> “{title}”</span>
      </summary>
      <div className="mt-3 space-y-4 rounded-card border border-line bg-surface-raised p-4 shadow-card">
        {formats.map(({ key, label }) => (
          <section key={key} aria-labelledby={`${id}-${key}`}>
            <div className="flex items-center justify-between gap-3">
              <h4
                id={`${id}-${key}`}
                className="text-xs font-semibold tracking-wide text-muted uppercase"
              >
                {label}
              </h4>
              <button
                type="button"
                onClick={() => copy(key)}
                className="rounded-control px-2 py-1 text-xs font-semibold text-accent-ink ring-1 ring-line hover:bg-accent-soft"
              >
                {copied === key ? 'Copied' : 'Copy'}
                <span className="sr-only"> {label}</span>
              </button>
            </div>
            <pre className="mt-2 rounded-control bg-surface-sunken p-3 text-xs leading-relaxed whitespace-pre-wrap break-words text-body">
              {cite[key]}
            </pre>
          </section>
        ))}
        <p aria-live="polite" className="sr-only">
          {copied ? `${formats.find((f) => f.key === copied)?.label} copied.` : ''}
        </p>
      </div>
    </details>
  )
}
