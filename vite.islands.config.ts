import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/**
 * The public pages' islands (docs/decisions/0389): the island loader
 * (client/islands/loader.ts), the one script a public page runs on its first
 * load, and the islands it imports on first use, with their own copy of
 * React. A build of its own, after the app's (vite.config.ts) and into the
 * same dist/assets/: nothing it makes can join the app's entry chunk, whose
 * code (the router, the app's start) must never run on a public page. Its
 * manifest: dist/.vite/islands.json (server/http/pages/manifest.ts).
 */
export default defineConfig({
  root: here('./client'),
  publicDir: false,
  plugins: [react()],
  resolve: {
    alias: {
      'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector',
    },
  },
  build: {
    outDir: here('./dist'),
    emptyOutDir: false,
    assetsDir: 'assets',
    sourcemap: false,
    manifest: '.vite/islands.json',
    // The loader imports its islands itself; no preload helper in it.
    modulePreload: false,
    rolldownOptions: {
      input: { islands: here('./client/islands/loader.ts') },
      output: {
        entryFileNames: 'assets/islands-[hash].js',
        chunkFileNames: 'assets/island-[name]-[hash].js',
      },
    },
  },
})
