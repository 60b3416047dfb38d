/**
 * The colour theme: the visitor's choice (system, light or dark), kept in
 * localStorage `theme` ("light" / "dark"; none: system), and the theme it
 * resolves to, on <html> as `data-theme` (what styles.css's tokens and the
 * `dark:` variant read) with the choice as `data-theme-choice` (which icon
 * the header's control shows).
 *
 * `THEME_SCRIPT` runs inline in every page's <head>, before the first paint,
 * so a dark page never flashes light; the CSP allows it by its SHA-256 hash
 * (server/http/ssr.ts). While the choice is "system" it follows the OS
 * setting live. It is a string, not a function's source, so that the bytes
 * the server hashes are the bytes the browser runs.
 */

export type ThemeChoice = 'system' | 'light' | 'dark'

export const THEME_STORAGE_KEY = 'theme'

export const THEME_SCRIPT =
  '(()=>{const r=document.documentElement,m=matchMedia("(prefers-color-scheme: dark)"),a=()=>{let c=null;try{c=localStorage.getItem("theme")}catch{}c=c==="light"||c==="dark"?c:"system";r.dataset.themeChoice=c;r.dataset.theme=c==="system"?m.matches?"dark":"light":c};a();m.addEventListener("change",a);addEventListener("storage",a)})()'

/** The order the header's control steps through. */
export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark']

export function nextThemeChoice(choice: ThemeChoice): ThemeChoice {
  return THEME_CHOICES[(THEME_CHOICES.indexOf(choice) + 1) % THEME_CHOICES.length] ?? 'system'
}

/** The choice the head script wrote on <html>. */
export function currentThemeChoice(): ThemeChoice {
  const value = document.documentElement.dataset.themeChoice
  return value === 'light' || value === 'dark' ? value : 'system'
}

/** Stores a choice and applies it at once, as the head script would. */
export function setThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_STORAGE_KEY)
    else localStorage.setItem(THEME_STORAGE_KEY, choice)
  } catch {
    // Storage refused (a privacy mode): the choice lasts for this page only.
  }
  const root = document.documentElement
  root.dataset.themeChoice = choice
  root.dataset.theme =
    choice === 'system'
      ? matchMedia('(prefers-color-scheme: dark)').matches
        ? 'dark'
        : 'light'
      : choice
}

/**
 * What the head script does, for a document that came without it (the Vite
 * dev server's, or the app shell when server rendering is off): called once
 * the app runs; a page that had the script keeps its theme untouched.
 */
export function applyStoredTheme(): void {
  if (document.documentElement.dataset.theme) return
  let stored: string | null = null
  try {
    stored = localStorage.getItem(THEME_STORAGE_KEY)
  } catch {
    // Storage refused: the device's setting.
  }
  setThemeChoice(stored === 'light' || stored === 'dark' ? stored : 'system')
}
