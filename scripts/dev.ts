/**
 * `bun run dev`: the API server with reload on :3000 and Vite's dev server
 * with hot module reload on :5173 (proxying /trpc, /api and /healthz).
 * Open http://localhost:5173.
 */
const children = [
  Bun.spawn(['bun', '--watch', 'server/index.ts'], {
    env: { ...process.env, SKIP_CLIENT_BUILD: '1', NODE_ENV: 'development' },
    stdout: 'inherit',
    stderr: 'inherit',
  }),
  Bun.spawn(['bun', 'x', '--bun', 'vite', '--host', '127.0.0.1'], {
    env: { ...process.env, API_ORIGIN: `http://127.0.0.1:${process.env.PORT ?? 3000}` },
    stdout: 'inherit',
    stderr: 'inherit',
  }),
]

const stop = () => {
  for (const child of children) child.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)

const code = await Promise.race(children.map((child) => child.exited))
stop()
process.exit(code)
