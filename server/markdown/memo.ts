import { LRUCache } from 'lru-cache'
import { MEMO_CHARS } from './limits'
import { prepare } from './parse'

/**
 * Results by source. Every content change empties the page cache, and pages
 * then render all their descriptions and bullets again: those that did not
 * change come from here. The functions stay pure; this only remembers.
 */
const memo = new LRUCache<string, string>({
  maxSize: MEMO_CHARS,
  sizeCalculation: (value, key) => value.length + key.length,
})

export function memoized(
  key: string,
  source: string,
  render: (prepared: string) => string,
): string {
  const prepared = prepare(source)
  const fullKey = `${key}\u0000${prepared}`
  const known = memo.get(fullKey)
  if (known !== undefined) return known
  const result = render(prepared)
  memo.set(fullKey, result)
  return result
}
