import { LRUCache } from 'lru-cache'

export interface StoreLimits {
  maxEntries: number
  /** Bodies and their compressed variants together. */
  maxBytes: number
}

/** What the store needs to know of an entry: its size now (it grows as variants are added). */
export interface Sized {
  bytes: number
}

/**
 * The entries of the response cache, bounded by count and by bytes; the
 * least recently used go first.
 */
export function createEntryStore<Entry extends Sized>(limits: StoreLimits) {
  const entries = new LRUCache<string, Entry>({
    max: limits.maxEntries,
    maxSize: limits.maxBytes,
    sizeCalculation: (entry) => Math.max(1, entry.bytes),
  })
  return {
    /** The entry, now the most recently used. */
    get: (key: string) => entries.get(key),
    /** The entry, leaving the order alone (the fast path only reads). */
    peek: (key: string) => entries.peek(key),
    set: (key: string, entry: Entry) => {
      entries.set(key, entry)
    },
    /** An entry grew (a compressed variant was added): count its new size, if it is still held. */
    resized: (key: string, entry: Entry) => {
      if (entries.peek(key) === entry) entries.set(key, entry)
    },
    clear: () => entries.clear(),
    /** Every entry, the most recently used first, leaving the order alone. */
    values: () => entries.values(),
    stats: () => ({ entries: entries.size, bytes: entries.calculatedSize }),
  }
}
