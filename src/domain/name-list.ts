import { lineBreak, splitCommaList } from './comma-list'

// Beside comma-list.ts rather than in it: the public pages' entry holds that module, and what
// the admin's forms take from it would be bundled there too.
/**
 * A list of names (skills), item by item: each item holding a separating
 * comma is split by the one-line rule, so "Kafka, Docker" is two names
 * wherever it was typed (a line of its own in the form, an API call, a
 * stored row from before the rule). A line break inside an item splits too.
 */
export function splitNames(items: readonly string[]): string[] {
  return items.flatMap((item) => item.split(lineBreak).flatMap((line) => splitCommaList(line)))
}

/** What a names field (skills) publishes from the text typed into it. */
export function splitNameList(value: string): string[] {
  return splitNames(splitCommaList(value))
}
