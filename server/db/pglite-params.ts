import { PGlite } from '@electric-sql/pglite'

/**
 * PostgreSQL settings for PGlite, after its own. shared_buffers is 128 MB
 * by default, and PGlite's process keeps it resident (its WebAssembly memory
 * is touched as it is set up): measured on an existing DATA_DIR, 264 MB at
 * rest with 128 MB, 193 with 64, 162 with 32, 139 with 16, 131 with 8. The
 * database of a portfolio is a few MB, and its pages stay in the kernel's
 * page cache as well; 16 MB (2,048 pages) holds it whole.
 * (initialMemory cannot go below the module's 128 MB; it fails to link.)
 */
export const pgliteStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB']
