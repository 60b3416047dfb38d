/**
 * What is read of the environment before it is parsed (server/env.ts parses
 * it with zod, which the first listener of a restart does not wait to load:
 * server/kept-pages-listener.ts): a default, and the rule for a blank value.
 */

/** Where the embedded database, uploads and secrets live when DATA_DIR is not set. */
export const DEFAULT_DATA_DIR = './data'

/** A variable's value as the server reads it: a blank one (`PORT=` in a .env file) is not set. */
export function setValue(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value
}
