/**
 * How the site looks to one visitor, kept in two cookies the server reads
 * (docs/decisions/0419): the theme they chose with the header's switch
 * (`theme=light` or `theme=dark`; none: the device's setting) and whether
 * their browser has the web fonts in its cache (`fonts=1`, written once the
 * fonts were fetched after a page had painted). The server renders them onto
 * <html> (`data-theme`, `data-theme-choice`, `data-fonts`), so a public page
 * needs no script before its first paint, and the page cache keeps one
 * answer per combination (at most six per address).
 *
 * Shared by the server (server/http/pages/), the island loader
 * (client/islands/loader.ts) and the app's theme script
 * (client/lib/theme-script.ts, which spells the same rules in its own bytes).
 */

export type ThemeChoice = 'system' | 'light' | 'dark'

export interface Appearance {
  /** The visitor's choice; "system" when they made none. */
  theme: ThemeChoice
  /** The web fonts are in this browser's cache: the page names them from its first paint. */
  fonts: boolean
}

export const THEME_COOKIE = 'theme'
export const FONTS_COOKIE = 'fonts'

/** A year: the choice stays until the visitor changes it. */
export const APPEARANCE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60

const themeValue = /(?:^|;\s*)theme=(light|dark)\s*(?:;|$)/
const fontsValue = /(?:^|;\s*)fonts=1\s*(?:;|$)/

/** The appearance a request's Cookie header asks for (anything else in it is ignored). */
export function appearanceOf(cookie: string | null | undefined): Appearance {
  if (!cookie) return { theme: 'system', fonts: false }
  const theme = themeValue.exec(cookie)?.[1]
  return {
    theme: theme === 'light' || theme === 'dark' ? theme : 'system',
    fonts: fontsValue.test(cookie),
  }
}

/**
 * The part of a page's cache key the appearance adds: empty for the default
 * (no choice, fonts not cached), so most requests' keys are their address.
 * Starts with `#`, which no request's address holds.
 */
export function appearanceKey(appearance: Appearance): string {
  if (appearance.theme === 'system' && !appearance.fonts) return ''
  return `#${appearance.theme}${appearance.fonts ? '+fonts' : ''}`
}

/** The choice after this one, as the header's switch steps: system → light → dark → system. */
export function nextTheme(choice: ThemeChoice): ThemeChoice {
  return choice === 'system' ? 'light' : choice === 'light' ? 'dark' : 'system'
}

/**
 * The Set-Cookie value (or `document.cookie` assignment) that stores a
 * choice; "system" removes the cookie. `secure` on an https site.
 */
export function themeCookie(choice: ThemeChoice, secure: boolean): string {
  const value = choice === 'system' ? '' : choice
  const age = choice === 'system' ? 0 : APPEARANCE_COOKIE_MAX_AGE
  return `${THEME_COOKIE}=${value}; Path=/; Max-Age=${age}; SameSite=Lax${secure ? '; Secure' : ''}`
}

/** The cookie that tells the server the web fonts are in this browser's cache. */
export function fontsCookie(secure: boolean): string {
  return `${FONTS_COOKIE}=1; Path=/; Max-Age=${APPEARANCE_COOKIE_MAX_AGE}; SameSite=Lax${secure ? '; Secure' : ''}`
}

/**
 * Stores one of these cookies in the browser. `document.cookie`, not the
 * Cookie Store API, which Safari does not have; the value is one of the
 * strings above, never the visitor's input.
 */
export function storeCookie(cookie: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see above
  document.cookie = cookie
}

/**
 * The attributes <html> carries for an appearance: the theme and the choice
 * only when one was made (without them design.css follows the device's
 * setting, live), `data-fonts` when the fonts are cached.
 */
export function appearanceAttributes(appearance: Appearance): Record<string, string> {
  const attributes: Record<string, string> = {}
  if (appearance.theme !== 'system') {
    attributes['data-theme'] = appearance.theme
    attributes['data-theme-choice'] = appearance.theme
  }
  if (appearance.fonts) attributes['data-fonts'] = ''
  return attributes
}
