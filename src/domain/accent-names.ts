/**
 * The accent colour's constants, apart from its arithmetic (accent.ts), so
 * that the public pages' script, which only reads back what the server
 * wrote, does not carry the arithmetic.
 */

export const DEFAULT_ACCENT = '#4f46e5'
export const ACCENT_PATTERN = /^#[0-9a-fA-F]{6}$/

/** The custom properties on <html> that client/styles.css reads. */
export const ACCENT_PROPERTIES = [
  '--accent',
  '--on-accent',
  '--accent-hover',
  '--accent-ink',
  '--accent-ink-dark',
  '--accent-soft',
  '--accent-soft-dark',
] as const
