/**
 * The colour theme, all of it: the visitor's choice (system, light or dark)
 * kept in localStorage `theme` ("light" / "dark"; none: system), and the
 * theme it resolves to, on <html> as `data-theme` (what design.css's tokens,
 * `color-scheme` and the `dark:` variant read) with the choice as
 * `data-theme-choice` (which icon and which name the header's control shows,
 * by CSS: client/components/theme-toggle.tsx).
 *
 * This script runs inline in every page's <head>, before the first paint,
 * so a dark page never flashes light. While the choice is "system" it
 * follows the OS setting live, and another tab's change through the
 * `storage` event. A press on any `[data-theme-toggle]` steps the choice
 * system → light → dark → system, stores it and applies it: the control
 * works before the app's script has loaded, and the public pages' bundle
 * carries no theme code at all.
 *
 * It also sets `data-fonts` at once when this browser has fetched the web
 * fonts before (localStorage `fonts`, written by client/main.tsx): they come
 * from its cache, so the first paint is in the style's faces. On a first
 * visit the page paints in their metric-matched fallbacks and the page's
 * script turns the fonts on (client/design.css).
 *
 * The CSP allows it by its SHA-256 hash (server/http/pages/scripts.ts). It is a
 * string, not a function's source, so the bytes the server hashes are the
 * bytes the browser runs; client/index.html (the Vite dev server's page)
 * holds the same bytes (a test compares them).
 */
export const THEME_SCRIPT =
  '(()=>{const r=document.documentElement,m=matchMedia("(prefers-color-scheme: dark)"),n={system:"light",light:"dark",dark:"system"},a=c=>{r.dataset.themeChoice=c;r.dataset.theme=c==="system"?m.matches?"dark":"light":c},s=()=>{let c=null;try{c=localStorage.getItem("theme")}catch{}a(c==="light"||c==="dark"?c:"system")};s();m.addEventListener("change",()=>a(r.dataset.themeChoice));addEventListener("storage",s);try{if(localStorage.getItem("fonts"))r.dataset.fonts=""}catch{}addEventListener("click",e=>{if(!e.target.closest?.("[data-theme-toggle]"))return;const c=n[r.dataset.themeChoice]||"light";try{c==="system"?localStorage.removeItem("theme"):localStorage.setItem("theme",c)}catch{}a(c)})})()'

/** The id of its element in the page. */
export const THEME_SCRIPT_ID = 'theme-script'
