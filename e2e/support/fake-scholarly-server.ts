/**
 * The fake scholarly services (server/tests/support/fake-scholarly.ts: Crossref,
 * DataCite, arXiv, ORCID, OpenAlex) as a process of its own for a Playwright
 * journey: `bun e2e/support/fake-scholarly-server.ts` prints its settings
 * (JSON, one line) once it listens on a free loopback port.
 */
import { startFakeScholarly } from '../../server/tests/support/fake-scholarly'

const fake = startFakeScholarly()
console.log(JSON.stringify(fake.config))
