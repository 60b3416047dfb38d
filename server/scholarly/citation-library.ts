/**
 * citation-js (its core, the BibTeX, RIS and CSL plugins, the CSL styles:
 * about 150 modules) loads with the first reference written or read, not at
 * start: a restart's first page needs none of it. A synchronous `require`
 * (Bun loads an ES module that way), since a publication's four texts are
 * written while its row is turned into the answer.
 */
type Citation = typeof import('./citation')

let loaded: Citation | undefined

export function citationLibrary(): Citation {
  loaded ??= require('./citation') as Citation
  return loaded
}
