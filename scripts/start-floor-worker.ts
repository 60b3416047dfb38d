/** scripts/start-floor.ts --overlap: the floor's work (PGlite opening DATA_DIR, one query) on a Worker. */
import { PGlite } from '@electric-sql/pglite'
import { pgliteStartParams } from '../server/db/pglite-params'

declare const self: Worker
let client: PGlite | undefined
self.onmessage = async (event: MessageEvent<string>) => {
  if (event.data === 'close') {
    await client?.close()
    return
  }
  client = await PGlite.create({ dataDir: event.data, startParams: pgliteStartParams })
  await client.query('select 1')
  postMessage('ready')
}
