/**
 * Content signals of contact-form spam. Deliberately few and plain: a
 * message they catch is kept with status `spam` (the owner can rescue it),
 * so a false positive costs a click, not a lost recruiter.
 */

/** Phrases of the bulk messages portfolio forms attract (lower case). */
export const spamPhrases = [
  'seo services',
  'search engine optimization',
  'first page of google',
  'increase your traffic',
  'backlinks',
  'casino',
  'crypto investment',
  'bitcoin investment',
  'forex trading',
  'viagra',
  'cialis',
  'payday loan',
  'web traffic',
  'guest post',
  'limited time offer',
  'click here',
] as const

const linkPattern = /\bhttps?:\/\/|\bwww\.[a-z0-9-]+\.[a-z]/gi

/** How many links the text holds (`http://`, `https://` or `www.`). */
export function countLinks(text: string): number {
  return text.match(linkPattern)?.length ?? 0
}

/** The first known spam phrase in the text, or null. */
export function spamPhraseIn(text: string): string | null {
  const lower = text.toLowerCase().replace(/\s+/g, ' ')
  return spamPhrases.find((phrase) => lower.includes(phrase)) ?? null
}

/** Why the content looks like spam, or null when it does not. */
export function contentSpamSignal(
  message: { name: string; message: string },
  maxLinks: number,
): string | null {
  const text = `${message.name}\n${message.message}`
  const links = countLinks(text)
  if (links >= maxLinks) return `${links} links`
  const phrase = spamPhraseIn(text)
  return phrase ? `phrase "${phrase}"` : null
}
