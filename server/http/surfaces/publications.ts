/**
 * The publication list as one reference file: `/publications.bib` (BibTeX)
 * and `/publications.ris` (RIS), the published publications in the list's
 * order, read through the public `publications.export` procedure. Kept in the
 * response cache until the content changes.
 */
export interface PublicationExportSource {
  publications: { export: (input: { format: 'bibtex' | 'ris' }) => Promise<{ text: string }> }
}

const types = {
  bibtex: { type: 'application/x-bibtex; charset=utf-8', file: 'publications.bib' },
  ris: { type: 'application/x-research-info-systems; charset=utf-8', file: 'publications.ris' },
} as const

export async function publicationFileResponse(
  format: 'bibtex' | 'ris',
  source: PublicationExportSource,
): Promise<Response> {
  const { text } = await source.publications.export({ format })
  return new Response(text, {
    headers: {
      'content-type': types[format].type,
      'content-disposition': `inline; filename="${types[format].file}"`,
      'cache-control': 'no-cache',
    },
  })
}
