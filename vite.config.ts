import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import type { CodeSplittingOptions } from '@tanstack/router-plugin'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

const apiTarget = process.env.API_ORIGIN ?? 'http://localhost:3000'

/**
 * The home page's route is not split: its screen travels in the entry chunk
 * with React, the router and React Query, so a first visit fetches one script.
 * Every other route (the other public pages too) is its own chunk, fetched
 * when visited or on a link's hover: the entry the home page loads is 2.3 KB
 * gzip smaller than with the public screens in it (docs/performance.md), and
 * a public page added later costs the entry its route's definition only.
 */
const unsplitRoutes: readonly string[] = ['/']

/**
 * How an admin route file is split. Its screens (component, error screen)
 * are in the route's `.lazy.tsx` file, TanStack Router's manual split, which
 * the server needs (it runs the route files without this plugin): that file
 * is a chunk of its own. Of what the route file keeps, its loader goes into
 * another chunk (so the public entry carries no admin code; the server notes
 * both chunks for the page, server/http/pages/manifest.ts), the pending
 * screen (the admin layout's, which the server sends) into a third; a screen
 * written into a route file would still travel with its loader, out of the
 * entry. Said once here rather than in each admin route file. Public routes
 * keep the plugin's default (their loaders in the entry) unless they say
 * otherwise: moved into a public page's chunk, a loader takes the modules it
 * shares with the admin into `admin-shared`, and the page fetches that chunk.
 */
const adminSplit: CodeSplittingOptions['defaultBehavior'] = [
  ['loader', 'component'],
  ['pendingComponent'],
  ['errorComponent', 'notFoundComponent'],
]

/**
 * The server writes the entry stylesheet into each page (server/http/pages/manifest.ts,
 * `inlineCss`); with this, the browser's router adopts that <style> on
 * hydration (@tanstack/react-router's Asset) instead of rendering an empty
 * one. The router plugin sets it to "false" in its own `config` hook, so
 * this one comes after it.
 */
const inlineCssOnHydration: Plugin = {
  name: 'portfolio:inline-css-on-hydration',
  config: () => ({
    define: {
      'process.env.TSS_INLINE_CSS_ENABLED': JSON.stringify('true'),
      'import.meta.env.TSS_INLINE_CSS_ENABLED': JSON.stringify('true'),
    },
  }),
}

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
        splitBehavior: ({ routeId }) => {
          if (unsplitRoutes.includes(routeId)) return []
          return routeId.startsWith('/admin') ? adminSplit : undefined
        },
      },
      quoteStyle: 'single',
      semicolons: false,
    }),
    inlineCssOnHydration,
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
    // Every browser the site supports has <link rel="modulepreload">: 0.3 KB less in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry needs at once goes into the entry chunk, rather than
          // into common chunks shared with the admin screens.
          groups: [
            { name: 'index', tags: ['$initial'] },
            // tRPC's client, which a public page's loaders fetch on their first call
            // (client/lib/api.ts): its own chunk, so a public page never fetches the admin's.
            {
              name: 'trpc-client',
              test: /client[\\/]lib[\\/]trpc-client|node_modules[\\/]@trpc[\\/](client|server)[\\/]/,
            },
            // React Query with tRPC's integration (client/lib/trpc.ts), for the admin and the
            // sign-in pages; no public page fetches it.
            {
              name: 'query',
              test: /client[\\/]lib[\\/]trpc\.ts|node_modules[\\/]@(tanstack[\\/](react-query|query-core)|trpc[\\/]tanstack-react-query)[\\/]/,
            },
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
