import { z } from 'zod'

/**
 * The one import of zod for the schemas shared with the browser. There, zod
 * would probe `new Function` (its JIT for object parsing) as each object
 * schema is created: an `eval` our Content-Security-Policy refuses and
 * reports. Jitless before the first schema is made (a module's imports run
 * before its body): no probe; the server keeps the JIT.
 */
if (typeof window !== 'undefined') z.config({ jitless: true })

export { z }
