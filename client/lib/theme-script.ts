/**
 * The colour theme on the app's pages (the admin, sign-in, set-up: the
 * single-page app) and in its shell. The visitor's choice (system, light or
 * dark) is the `theme` cookie ("light" / "dark"; none: system), the same one
 * the server renders a public page's <html> from (src/domain/appearance.ts):
 * a public page runs no script before its first paint, and its island loader
 * works the switch there (client/islands/loader.ts).
 *
 * Here the theme the choice resolves to goes on <html> as `data-theme` (what
 * design.css's tokens, `color-scheme` and the `dark:` variant read) with the
 * choice as `data-theme-choice` (which icon and which name the header's
 * control shows, by CSS: client/components/theme-toggle.tsx).
 *
 * This script runs inline in the app's pages' <head>, before the first
 * paint, so a dark page never flashes light. While the choice is "system" it
 * follows the OS setting live, and another tab's change when the page is
 * shown again. A press on any `[data-theme-toggle]` steps the choice
 * system → light → dark → system, stores it and applies it (instead of the
 * switch's form, which without script posts to /theme): the control works
 * before the app's script has loaded.
 *
 * It also sets `data-fonts` at once when this browser has fetched the web
 * fonts before (the `fonts` cookie, written by client/main.tsx and the island
 * loader): they come from its cache, so the first paint is in the style's
 * faces. On a first visit the page paints in their metric-matched fallbacks
 * (client/design.css).
 *
 * The CSP allows it by its SHA-256 hash (server/http/pages/scripts.ts). It is a
 * string, not a function's source, so the bytes the server hashes are the
 * bytes the browser runs; client/index.html (the Vite dev server's page)
 * holds the same bytes (a test compares them), and its cookie is the one
 * `themeCookie` writes (another test compares them).
 */
export const THEME_SCRIPT =
  '(()=>{const r=document.documentElement,m=matchMedia("(prefers-color-scheme: dark)"),n={system:"light",light:"dark",dark:"system"},a=c=>{r.dataset.themeChoice=c;r.dataset.theme=c==="system"?m.matches?"dark":"light":c},g=k=>(document.cookie.match(new RegExp("(?:^|; )"+k+"=([^;]*)"))||[])[1],s=()=>{const c=g("theme");a(c==="light"||c==="dark"?c:"system")};s();m.addEventListener("change",()=>a(r.dataset.themeChoice));addEventListener("pageshow",s);document.addEventListener("visibilitychange",s);if(g("fonts")==="1")r.dataset.fonts="";addEventListener("click",e=>{if(!e.target.closest?.("[data-theme-toggle]"))return;e.preventDefault();const c=n[r.dataset.themeChoice]||"light";document.cookie="theme="+(c==="system"?"":c)+"; Path=/; Max-Age="+(c==="system"?0:31536000)+"; SameSite=Lax"+(location.protocol==="https:"?"; Secure":"");a(c)})})()'

/** The id of its element in the page. */
export const THEME_SCRIPT_ID = 'theme-script'
