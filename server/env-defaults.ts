/**
 * Defaults that are read before the environment is parsed (server/env.ts
 * parses it with zod, which the first listener of a restart does not wait
 * to load: server/kept-pages-listener.ts).
 */

/** Where the embedded database, uploads and secrets live when DATA_DIR is not set. */
export const DEFAULT_DATA_DIR = './data'
