import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { ImportPreview, PublicationDraftEntry } from '../../../../src/schemas/publication'
import { publicationTypeLabels } from '../../../../src/schemas/publication'
import { failureText } from '../../../lib/admin-errors'
import { useTrpc } from '../../../lib/trpc'
import { FilePickButton } from '../media/upload-controls'
import {
  CheckboxField,
  cardClass,
  ErrorAlert,
  inputClass,
  primaryButtonClass,
  StatusMessage,
  secondaryButtonClass,
} from '../ui/form-controls'
import { authorLine } from './publication-input'

/** A draft as the import's input takes it (the preview's fields, nothing the server makes). */
const importable = (entry: PublicationDraftEntry) => ({
  ...entry,
  pdf_url: null,
  code_url: null,
  slides_url: null,
})

/**
 * Import from BibTeX: paste or choose a `.bib`, see every entry with its
 * duplicates flagged (and the entries that could not be read, with their
 * line), choose which to import. Nothing is saved before "Import".
 */
export function BibtexImportPanel() {
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const preview = useMutation(trpc.publications.importPreview.mutationOptions())
  const save = useMutation(trpc.publications.import.mutationOptions())
  const [text, setText] = useState('')
  const [result, setResult] = useState<ImportPreview | null>(null)
  const [chosen, setChosen] = useState<Set<number>>(new Set())
  const [publish, setPublish] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)

  async function read(bibtex: string) {
    setError(null)
    setDone(null)
    try {
      const answer = await preview.mutateAsync({ bibtex })
      setResult(answer)
      setChosen(
        new Set(
          answer.entries.flatMap((entry, index) =>
            entry.duplicate_of || entry.duplicate_in_file !== null ? [] : [index],
          ),
        ),
      )
    } catch (failure) {
      setResult(null)
      setError(failureText(failure, 'The BibTeX could not be read.'))
    }
  }

  async function importChosen() {
    if (!result) return
    setError(null)
    try {
      const publications = result.entries
        .filter((_, index) => chosen.has(index))
        .map((entry) => importable(entry.publication))
      const answer = await save.mutateAsync({
        publications,
        status: publish ? 'published' : 'draft',
      })
      setDone(
        `Imported ${answer.created.length} publication${answer.created.length === 1 ? '' : 's'}${publish ? ', published' : ' as drafts'}.`,
      )
      setResult(null)
      setText('')
      await queryClient.invalidateQueries(trpc.publications.pathFilter())
    } catch (failure) {
      setError(failureText(failure, 'The import failed.'))
    }
  }

  return (
    <section aria-labelledby="bibtex-title" className={`space-y-3 ${cardClass}`}>
      <h2 id="bibtex-title" className="text-xl font-bold tracking-tight text-strong">
        Import from BibTeX
      </h2>
      <p className="text-sm text-muted">
        Paste BibTeX or choose a <code>.bib</code> file. You choose what to import after a preview;
        entries already on the site are flagged.
      </p>
      <label htmlFor="bibtex-text" className="block text-sm font-medium text-body">
        BibTeX
      </label>
      <textarea
        id="bibtex-text"
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={6}
        spellCheck={false}
        className={`${inputClass} font-mono text-xs`}
      />
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={primaryButtonClass}
          disabled={preview.isPending || text.trim() === ''}
          onClick={() => read(text)}
        >
          {preview.isPending ? 'Reading…' : 'Preview'}
        </button>
        <FilePickButton
          text="Choose .bib file"
          accept=".bib,application/x-bibtex,text/plain"
          onFiles={async (files) => {
            const file = files[0]
            if (!file) return
            const content = await file.text()
            setText(content)
            await read(content)
          }}
        />
      </div>
      <ErrorAlert message={error} />
      <StatusMessage message={done} />
      {result ? (
        <section aria-labelledby="bibtex-preview-title" className="space-y-3">
          <h3 id="bibtex-preview-title" className="text-lg font-bold text-strong">
            Preview: {result.entries.length} entr{result.entries.length === 1 ? 'y' : 'ies'}
          </h3>
          {result.errors.length > 0 ? (
            <ul aria-label="Entries not read" className="space-y-1 text-sm text-danger-ink">
              {result.errors.map((entry) => (
                <li key={`${entry.line}-${entry.key}`}>{entry.message}</li>
              ))}
            </ul>
          ) : null}
          <ul className="divide-y divide-line">
            {result.entries.map((entry, index) => {
              const p = entry.publication
              const duplicate = entry.duplicate_of
                ? `Already here: “${entry.duplicate_of.title}”`
                : entry.duplicate_in_file !== null
                  ? `Same as entry ${entry.duplicate_in_file + 1} of this file`
                  : null
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: the preview's entries keep the file's order
                <li key={index} className="py-3">
                  <CheckboxField
                    id={`bibtex-entry-${index}`}
                    label={p.title}
                    hint={[
                      authorLine(p.authors),
                      [publicationTypeLabels[p.type], p.venue, p.year].filter(Boolean).join(', '),
                      duplicate,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                    checked={chosen.has(index)}
                    onChange={(checked) => {
                      const next = new Set(chosen)
                      if (checked) next.add(index)
                      else next.delete(index)
                      setChosen(next)
                    }}
                  />
                </li>
              )
            })}
          </ul>
          <CheckboxField
            id="bibtex-publish"
            label="Publish them at once"
            hint="Otherwise they are saved as drafts, which only you see."
            checked={publish}
            onChange={setPublish}
          />
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className={primaryButtonClass}
              disabled={chosen.size === 0 || save.isPending}
              onClick={importChosen}
            >
              {save.isPending ? 'Importing…' : `Import ${chosen.size} selected`}
            </button>
            <button type="button" className={secondaryButtonClass} onClick={() => setResult(null)}>
              Cancel
            </button>
          </div>
        </section>
      ) : null}
    </section>
  )
}

/** ORCID: the works of the owner's record that are not here yet, imported as drafts. */
export function OrcidPanel() {
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const check = useMutation(trpc.publications.orcidPreview.mutationOptions())
  const sync = useMutation(trpc.publications.orcidSync.mutationOptions())
  // The profile's iD until the owner types another.
  const profile = useQuery(trpc.profile.get.queryOptions())
  const saved = profile.data?.orcid ?? ''
  const [typed, setTyped] = useState<string | null>(null)
  const orcid = typed ?? saved
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const found = check.data

  return (
    <section aria-labelledby="orcid-title" className={`space-y-3 ${cardClass}`}>
      <h2 id="orcid-title" className="text-xl font-bold tracking-tight text-strong">
        Sync with ORCID
      </h2>
      <p className="text-sm text-muted">
        Your public ORCID works: what is new is shown first and imported as drafts; works already
        here (same DOI, arXiv id, or title and year) are never imported twice.
      </p>
      <label htmlFor="orcid-id" className="block text-sm font-medium text-body">
        ORCID iD
      </label>
      <input
        id="orcid-id"
        value={orcid}
        onChange={(event) => setTyped(event.target.value)}
        placeholder="0000-0002-1825-0097"
        aria-describedby="orcid-id-hint"
        className={inputClass}
      />
      <p id="orcid-id-hint" className="text-sm text-muted">
        {saved && orcid.trim() === saved ? (
          'The iD in your profile.'
        ) : (
          <>
            Saved in your{' '}
            <Link to="/admin/profile" className="font-medium text-accent-ink hover:underline">
              profile
            </Link>
            , it is filled in here and linked from your home page, CV and publications.
          </>
        )}
      </p>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={check.isPending || orcid.trim() === ''}
          onClick={async () => {
            setError(null)
            setDone(null)
            try {
              await check.mutateAsync({ orcid })
            } catch (failure) {
              setError(failureText(failure, 'ORCID could not be read.'))
            }
          }}
        >
          {check.isPending ? 'Checking…' : 'Check what is new'}
        </button>
      </div>
      <ErrorAlert message={error} />
      <StatusMessage message={done} />
      {found ? (
        <div className="space-y-2">
          <p className="font-medium text-strong">
            {found.new.length} new work{found.new.length === 1 ? '' : 's'}, {found.known.length}{' '}
            already here.
          </p>
          {found.new.length > 0 ? (
            <>
              <ul className="list-disc space-y-1 pl-5 text-sm text-body">
                {found.new.map((work) => (
                  <li key={work.put_code}>
                    <strong>{work.publication.title}</strong>
                    {work.publication.year ? ` (${work.publication.year})` : ''}
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className={primaryButtonClass}
                disabled={sync.isPending}
                onClick={async () => {
                  setError(null)
                  try {
                    const answer = await sync.mutateAsync({ orcid })
                    setDone(`Imported ${answer.created.length} as drafts.`)
                    check.reset()
                    await queryClient.invalidateQueries(trpc.publications.pathFilter())
                  } catch (failure) {
                    setError(failureText(failure, 'The sync failed.'))
                  }
                }}
              >
                {sync.isPending ? 'Importing…' : `Import ${found.new.length} new`}
              </button>
            </>
          ) : null}
        </div>
      ) : null}
    </section>
  )
}
