import { idSchema } from './fields'
import { z } from './zod'

/**
 * The input of a procedure that addresses one stored row. Not in fields.ts:
 * the login screen imports that for `limits`, and zod probes `new Function`
 * when an object schema is created (a CSP violation in the browser).
 */
export const idInput = z.object({ id: idSchema })
