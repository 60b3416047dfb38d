// First: refuse an unsupported Bun before anything else runs.
import './bun-check'
// Second: the pages the last stop kept, answered from now on when they are still what the
// server would render (kept-pages-listener.ts), and what this start's own stop will stamp
// its pages with.
import './kept-pages-listener'

// Then the server itself (main.ts). Imported here rather than beside the two above: a static
// import is loaded, with everything it imports, before any of these modules runs, and
// the listener answers only when the thread is free between steps of that loading.
await import('./main')
