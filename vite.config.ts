import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

const apiTarget = process.env.API_ORIGIN ?? 'http://localhost:3000'

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
      quoteStyle: 'single',
      semicolons: false,
    }),
    react(),
    tailwindcss(),
  ],
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    // dist/.vite/manifest.json: the server-side renderer reads which hashed
    // script, stylesheet and route chunks each page references.
    manifest: true,
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
