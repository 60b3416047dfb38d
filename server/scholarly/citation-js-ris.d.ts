// @citation-js/plugin-ris ships no types: its output format, as plugin-bibtex declares its own.
import '@citation-js/core'

declare module '@citation-js/core' {
  namespace plugins {
    namespace output {
      interface Formats {
        ris: (options?: { format?: string }) => string
      }
    }
  }
}
