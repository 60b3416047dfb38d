/**
 * The floor under a restart's time to the first 200: Bun loading PGlite, opening an existing
 * DATA_DIR with the server's own start parameters and answering one query, nothing else. The
 * bench runs it as a child process on the data directory its server has just left, timed
 * from spawn to the printed `ready` line, beside the server's restart.
 *
 *   bun scripts/start-floor.ts <DATA_DIR>
 */
import { PGlite } from '@electric-sql/pglite'
import { pgliteStartParams } from '../server/db/pglite-params'

const dataDir = process.argv[2]
if (!dataDir) throw new Error('usage: bun scripts/start-floor.ts <DATA_DIR>')
const client = await PGlite.create({ dataDir, startParams: pgliteStartParams })
await client.query('select 1')
console.log('ready')
await client.close()
