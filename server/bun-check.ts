// Imported first by server/index.ts: modules run in import order, so this
// refuses an unsupported Bun before the rest of the server starts.
import { unsupportedBun } from './bun-version'

const refusal = unsupportedBun(Bun.version)
if (refusal) {
  console.error(refusal)
  process.exit(1)
}
