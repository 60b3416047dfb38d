import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

const apiTarget = process.env.API_ORIGIN ?? 'http://localhost:3000'

/**
 * The public pages' routes are not split: their screens travel in the entry
 * chunk with React, the router and React Query, so a first visit fetches one
 * script (one gzip stream compresses better than six small files), and moving
 * between public pages fetches none. Admin and login screens stay in their own
 * chunks, fetched only when visited.
 */
const unsplitRoutes: readonly string[] = ['/', '/projects/', '/projects/$slug', '/contact-me']

export default defineConfig({
  root: here('./client'),
  publicDir: 'public',
  plugins: [
    // File-based routes with per-route code splitting: the admin chunks are
    // only fetched when an admin route is visited.
    tanstackRouter({
      target: 'react',
      routesDirectory: here('./client/routes'),
      generatedRouteTree: here('./client/routeTree.gen.ts'),
      autoCodeSplitting: true,
      codeSplittingOptions: {
        splitBehavior: ({ routeId }) => (unsplitRoutes.includes(routeId) ? [] : undefined),
      },
      quoteStyle: 'single',
      semicolons: false,
    }),
    react(),
    tailwindcss(),
  ],
  resolve: {
    alias: {
      // React 19 has useSyncExternalStore: TanStack Store's shim for React 16/17 is dead weight.
      'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector',
    },
  },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    // dist/.vite/manifest.json: the server-side renderer reads which hashed
    // script, stylesheet and route chunks each page references.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry needs at once goes into the entry chunk, rather than
          // into common chunks shared with the admin screens.
          groups: [
            { name: 'index', tags: ['$initial'] },
            // The admin screens' shared modules in one chunk: each chunk's name is listed
            // in the public entry (the preload map), so fewer chunks cost it fewer bytes.
            {
              name: 'admin-shared',
              test: /client[\\/](components[\\/]admin|lib[\\/](admin-|session-ended))/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/trpc': apiTarget,
      '/api': apiTarget,
      '/healthz': apiTarget,
    },
  },
})
