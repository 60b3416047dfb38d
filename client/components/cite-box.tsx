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
      <summary className="w-fit rounded-control text-sm font-semibold text-accent-ink hover:underline">
        Cite<span className="sr-only"> “{title}”</span>
      </summary>
      <div className="mt-3 space-y-4 rounded-card border border-line bg-surface-raised p-5 shadow-card">
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
                className="rounded-control border border-line px-2 py-1 text-xs font-semibold text-accent-ink hover:bg-surface-sunken"
              >
                {copied === key ? 'Copied' : 'Copy'}
                <span className="sr-only"> {label}</span>
              </button>
            </div>
            {/* As written (RIS needs its two spaces), wrapping where needed: selectable and
                copyable without script too. An inline style: one rule the public stylesheet
                would otherwise carry for this box alone. */}
            <div
              className="mt-2 rounded-control bg-surface-sunken px-3 py-2 font-mono text-xs leading-relaxed wrap-anywhere text-body"
              style={{ whiteSpace: 'pre-wrap' }}
            >
              {cite[key]}
            </div>
          </section>
        ))}
        <p aria-live="polite" className="sr-only">
          {copied ? `${formats.find((f) => f.key === copied)?.label} copied.` : ''}
        </p>
      </div>
    </details>
  )
}
