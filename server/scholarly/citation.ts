/**
 * Reading and writing reference files with citation-js (BibTeX and BibLaTeX through
 * @citation-js/plugin-bibtex, RIS through @citation-js/plugin-ris, formatted references in
 * CSL styles through @citation-js/plugin-csl): LaTeX accents and braces become text on the
 * way in. A file is read entry by entry, so that one malformed entry is reported with its
 * line while the rest is imported: citation-js reads a file whole and stops at its first
 * error. Entries start at an `@` at the start of a line, as BibTeX files are written;
 * `@string` definitions are given to every entry.
 */
import { Cite, plugins } from '@citation-js/core'
import '@citation-js/plugin-bibtex'
import '@citation-js/plugin-ris'
import '@citation-js/plugin-csl'
import { fromCsl, normaliseArxivId, normaliseDoi, toCsl } from './csl'
import './styles'
import type { PublicationDraft } from './types'

export interface ReadError {
  /** The entry's first line in the file (1-based). */
  line: number
  /** Its citation key, when it got that far. */
  key: string | null
  message: string
}

export interface ReadResult {
  entries: PublicationDraft[]
  errors: ReadError[]
}

interface Chunk {
  line: number
  text: string
  kind: string
}

/** The file cut at each `@` that starts a line. */
function chunks(file: string): Chunk[] {
  const out: Chunk[] = []
  const lines = file.replace(/\r\n?/g, '\n').split('\n')
  let current: Chunk | undefined
  lines.forEach((line, index) => {
    const start = /^\s*@\s*([A-Za-z]+)\s*[{(]/.exec(line)
    if (start) {
      current = { line: index + 1, text: line, kind: (start[1] ?? '').toLowerCase() }
      out.push(current)
    } else if (current) {
      current.text += `\n${line}`
    }
  })
  return out
}

const firstLine = (message: string) => message.split('\n')[0]?.trim() ?? message

/** BibTeX or BibLaTeX text: each entry read on its own. */
export function readBibtex(file: string): ReadResult {
  const all = chunks(file)
  const strings = all.filter((chunk) => chunk.kind === 'string').map((chunk) => chunk.text)
  const result: ReadResult = { entries: [], errors: [] }
  for (const chunk of all) {
    if (['string', 'comment', 'preamble'].includes(chunk.kind)) continue
    const key = /^\s*@\s*[A-Za-z]+\s*[{(]\s*([^,\s]+)\s*,/.exec(chunk.text)?.[1] ?? null
    try {
      const text = [...strings, chunk.text].join('\n')
      const [csl] = plugins.input.chain(text)
      if (!csl) throw new Error('no entry could be read')
      const entry = fromCsl(csl)
      // citation-js keeps no arXiv id in CSL: read the entry's own eprint field.
      const fields: Record<string, string | undefined> =
        plugins.input.data(text, '@biblatex/text').at(-1)?.properties ?? {}
      const prefix = (fields.archiveprefix ?? fields.eprinttype ?? '').toLowerCase()
      if (!entry.arxiv_id && (prefix === 'arxiv' || /arxiv/i.test(fields.journal ?? '')))
        entry.arxiv_id = normaliseArxivId(
          fields.eprint ?? fields.journal?.replace(/^arxiv:?\s*/i, ''),
        )
      if (entry.arxiv_id && entry.type === 'report') entry.type = 'preprint'
      if (!entry.doi) entry.doi = normaliseDoi(fields.doi)
      result.entries.push(entry)
    } catch (error) {
      result.errors.push({
        line: chunk.line,
        key,
        message: `Entry ${key ? `“${key}” ` : ''}on line ${chunk.line} could not be read: ${firstLine(
          error instanceof Error ? error.message : String(error),
        )}`,
      })
    }
  }
  if (all.length === 0 && file.trim() !== '')
    result.errors.push({
      line: 1,
      key: null,
      message: 'No BibTeX entry was found (each starts with @).',
    })
  return result
}

/** RIS text: each record (`TY` … `ER`) read on its own. */
export function readRis(file: string): ReadResult {
  const result: ReadResult = { entries: [], errors: [] }
  const records = file.replace(/\r\n?/g, '\n').split(/^ER\s{2}-.*$/m)
  let line = 1
  for (const record of records) {
    const startsAt = line + (record.match(/^\n*/)?.[0].length ?? 0)
    line += record.split('\n').length
    if (!/^TY\s{2}-/m.test(record)) continue
    try {
      const [csl] = new Cite(`${record.trim()}\nER  - \n`).data as Parameters<typeof fromCsl>[0][]
      if (!csl) throw new Error('no record could be read')
      result.entries.push(fromCsl(csl))
    } catch (error) {
      result.errors.push({
        line: startsAt,
        key: null,
        message: `The record on line ${startsAt} could not be read: ${firstLine(
          error instanceof Error ? error.message : String(error),
        )}`,
      })
    }
  }
  return result
}

/**
 * CSL for a file: a preprint as a generic document (BibTeX's @misc, RIS's GEN) with its arXiv
 * address, which reads back as a preprint; CSL's `article` would come back as a journal's.
 */
const forFile = (publications: PublicationDraft[]) =>
  publications.map((publication, index) => {
    const csl = toCsl(publication, index)
    if (publication.type === 'preprint') csl.type = 'document'
    return csl
  })

/**
 * Publications as one BibTeX file. BibTeX has no software or dataset entry: citation-js writes
 * them as @misc, which reads back as a report; they are written as BibLaTeX's @software and
 * @dataset (which BibTeX styles treat as @misc), so they read back as what they are.
 */
export function writeBibtex(publications: PublicationDraft[]): string {
  const items = forFile(publications)
  let text = new Cite(items).format('bibtex', { format: 'text' }) as string
  items.forEach((item, index) => {
    const type = publications[index]?.type
    if (type !== 'software' && type !== 'dataset') return
    text = text.replace(`@misc{${String(item.id)},`, `@${type}{${String(item.id)},`)
  })
  return text
}

/** Publications as one RIS file. */
export function writeRis(publications: PublicationDraft[]): string {
  return new Cite(forFile(publications)).format('ris', { format: 'text' }) as string
}

/**
 * A formatted reference in a CSL style that citation-js carries (`apa`, `vancouver`,
 * `harvard1`) or one registered in styles.ts (`ieee`); a numbered style's `[1]` is left out.
 */
export function formatReference(publication: PublicationDraft, style = 'apa'): string {
  return (
    new Cite([toCsl(publication)]).format('bibliography', {
      template: style,
      format: 'text',
      lang: 'en-US',
    }) as string
  )
    .replace(/^\s*\[1\]\s*/, '')
    .replace(/\s+/g, ' ')
    .trim()
}
