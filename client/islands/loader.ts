/**
 * The one script file a public page runs on its first load, added by the
 * page's inline boot once the page has painted (`ISLANDS_BOOT`,
 * client/lib/islands-document.ts): a public page is a
 * document, complete without script, and no app hydrates it
 * (docs/decisions/0389); its <html> carries the visitor's theme, rendered by
 * the server from their cookie (src/domain/appearance.ts, whose few lines are
 * bundled in). It imports nothing else up front; each interactive part's code
 * comes when it is first used:
 *
 * - islands (`div[data-island]`, client/components/island.tsx): the header's
 *   search and the contact form, hydrated on the first focus, press, key or
 *   touch inside them; a form sent before its island is ready is sent again
 *   once it is (in place, with the spec's alerts);
 * - the lightbox: a press on an image's link (`a[data-lightbox]`) opens the
 *   dialog (client/islands/lightbox.tsx); without script the link opens the
 *   image;
 * - here, without React: the theme switch (its form posts to /theme
 *   without script; here the press is handled in place, and a page shown
 *   again from the back-forward cache or prepared ahead takes a choice made
 *   since), the timeline's tabs (links without script, selected
 *   in place with it), `/` to the header's search, a broken image replaced by
 *   its fallback (`template[data-image-fallback]`, client/components/responsive-image.tsx),
 *   "Try again" on the error page, the whole stylesheet and the web fonts
 *   fetched into the cache after the page has painted (applied when an island
 *   first needs them), and the admin's preview of a draft (the app,
 *   drawn in the browser with the admin's token, on a 404 that may be one);
 * - a view when a page the browser prepared ahead (Speculation Rules,
 *   client/lib/islands-document.ts) is shown: its request, marked by
 *   `Sec-Purpose`, was not counted (server/http/infra/page-views.ts).
 *
 * When it has run, `<html data-islands="ready">` (the journeys wait for it).
 */

import {
  appearanceOf,
  fontsCookie,
  nextTheme,
  storeCookie,
  type ThemeChoice,
  themeCookie,
} from '../../src/domain/appearance'

type Island = { mount: (element: HTMLElement) => Promise<void> }

/** Each island's code, fetched on its first use. */
const islands: Record<string, () => Promise<Island>> = {
  'header-search': () => import('./header-search'),
  'contact-form': () => import('./contact-form'),
  cite: () => import('./cite'),
  'newsletter-form': () => import('./newsletter-form'),
}
/** Islands whose form sends in place: a submit before they are ready waits for them. */
const sendsInPlace = new Set(['contact-form', 'newsletter-form'])

const root = document.documentElement
const self = document.querySelector<HTMLScriptElement>('script[data-islands-loader]')
const modified = (event: MouseEvent | KeyboardEvent) =>
  event.metaKey || event.ctrlKey || event.shiftKey || event.altKey

const secure = location.protocol === 'https:'

/** The choice <html> shows: the server wrote it from the cookie (none: system). */
const shownTheme = (): ThemeChoice => {
  const choice = root.dataset.themeChoice
  return choice === 'light' || choice === 'dark' ? choice : 'system'
}
/** A choice onto <html>: its theme and name, or neither (the device's setting, by CSS). */
function showTheme(choice: ThemeChoice): void {
  if (choice === 'system') {
    delete root.dataset.theme
    delete root.dataset.themeChoice
  } else {
    root.dataset.theme = choice
    root.dataset.themeChoice = choice
  }
}
/** The cookie's choice, when another page or tab changed it since this one was made. */
const takeStoredTheme = () => {
  const stored = appearanceOf(document.cookie).theme
  if (stored !== shownTheme()) showTheme(stored)
}
document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target : null
  if (!target?.closest('[data-theme-toggle]')) return
  // In place of the form's post (server/http/pages/theme.ts): the same step, the same cookie.
  event.preventDefault()
  const choice = nextTheme(shownTheme())
  storeCookie(themeCookie(choice, secure))
  showTheme(choice)
})
window.addEventListener('pageshow', (event) => {
  if (event.persisted) takeStoredTheme()
})
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') takeStoredTheme()
})
document.addEventListener('prerenderingchange', takeStoredTheme, { once: true })

/**
 * A choice an earlier version kept in localStorage, moved into the cookie
 * once (read after the page has painted: a first storage read can wait on
 * the browser).
 */
function moveStoredChoice(): void {
  try {
    const theme = localStorage.getItem('theme')
    const fonts = localStorage.getItem('fonts')
    if (theme === null && fonts === null) return
    localStorage.removeItem('theme')
    localStorage.removeItem('fonts')
    if ((theme === 'light' || theme === 'dark') && !/(?:^|;\s*)theme=/.test(document.cookie)) {
      storeCookie(themeCookie(theme, secure))
      showTheme(theme)
    }
  } catch {
    // Storage refused: nothing was kept there either.
  }
}

/** The whole public stylesheet's files (the page's head holds only the rules its markup uses). */
const stylesheets = (self?.dataset.css ?? '').split(' ').filter(Boolean)

/**
 * After the page has loaded and painted: the whole stylesheet and the web
 * fonts fetched into the cache, applied to nothing. A stylesheet linked to
 * the page before its first paint blocks that paint (Chromium counts a
 * script-inserted `<link>` in the head as render-blocking until then, and
 * Lighthouse's simulation put it on the largest paint's path), and one linked
 * after it restyles the whole document once more, for rules the page does not
 * use. The fonts are loaded by name (their faces are in the page's head, with
 * `font-display: optional`); this page never shows them, the next page has
 * `data-fonts` from the server (the `fonts` cookie set here) and names them
 * from its first paint.
 */
function warmCache(): void {
  moveStoredChoice()
  for (const href of stylesheets) {
    const link = document.createElement('link')
    link.rel = 'prefetch'
    link.as = 'style'
    link.href = href
    document.head.append(link)
  }
  const display = ({ editorial: 'Fraunces', bold: 'Bricolage Grotesque' } as const)[
    root.dataset.style as 'bold'
  ]
  void Promise.all(
    ['Inter', display].map((face) => face && document.fonts.load(`1em "${face} Variable"`)),
  ).then(() => {
    // The next page the server renders names the faces from its first paint.
    if (!appearanceOf(document.cookie).fonts) storeCookie(fontsCookie(secure))
  }, Boolean)
}
// A second after `load`, when the browser is idle: after the first paint and the largest,
// whatever the load's timing, and outside the window a page's speed is measured in (a font
// fetched at high priority there competes with the page's own images).
const WARM_AFTER_MS = 1000
const afterLoad = () =>
  setTimeout(() => {
    if ('requestIdleCallback' in window) requestIdleCallback(warmCache, { timeout: 2000 })
    else warmCache()
  }, WARM_AFTER_MS)
if (document.readyState === 'complete') afterLoad()
else addEventListener('load', afterLoad, { once: true })

/**
 * The whole stylesheet applied, once, when an island is first used (it may
 * draw what the page's rules leave out: the search's suggestions, the
 * lightbox): from the cache by then. Waited for at most 3 s, and settles on
 * error too (a link that failed early fires nothing more; the island still works).
 */
let styled: Promise<unknown> | null = null
function wholeStylesheet(): Promise<unknown> {
  if (styled) return styled
  const loads = stylesheets.map((href) => {
    const link = document.createElement('link')
    link.rel = 'stylesheet'
    link.href = href
    link.dataset.siteCss = ''
    document.head.append(link)
    return new Promise((settle) => {
      link.onload = settle
      link.onerror = settle
    })
  })
  styled = Promise.race([Promise.all(loads), new Promise((settle) => setTimeout(settle, 3000))])
  return styled
}

const waking = new WeakMap<HTMLElement, Promise<boolean>>()
const awake = new WeakSet<HTMLElement>()

/** Fetches and hydrates an island once; true when it is hydrated. */
function wake(element: HTMLElement): Promise<boolean> {
  let woken = waking.get(element)
  if (!woken) {
    const load = islands[element.dataset.island ?? '']
    if (!load) return Promise.resolve(false)
    woken = Promise.all([load(), wholeStylesheet()])
      .then(([island]) => island.mount(element))
      .then(
        () => {
          awake.add(element)
          return true
        },
        (error: unknown) => {
          // Offline, or a deploy replaced the file: the plain markup still works; tried again later.
          waking.delete(element)
          console.warn('island not loaded:', error)
          return false
        },
      )
    waking.set(element, woken)
  }
  return woken
}

const islandOf = (target: EventTarget | null) =>
  target instanceof Element ? target.closest<HTMLElement>('[data-island]') : null

for (const type of ['focusin', 'pointerdown', 'touchstart', 'keydown']) {
  document.addEventListener(
    type,
    (event) => {
      const element = islandOf(event.target)
      // A press on a link leaves the page (the phone's search icon): nothing to wake for.
      const onLink = event.target instanceof Element && event.target.closest('a[href]')
      if (element && !(onLink && type !== 'focusin' && type !== 'keydown')) void wake(element)
    },
    { capture: true, passive: true },
  )
}

document.addEventListener(
  'submit',
  (event) => {
    const form = event.target
    const element = islandOf(form)
    if (!(form instanceof HTMLFormElement) || !element || awake.has(element)) return
    if (!sendsInPlace.has(element.dataset.island ?? '')) return
    event.preventDefault()
    void wake(element).then((ready) => {
      if (!form.isConnected) return
      // Hydrated: its own handler sends it; not loaded: the plain post, as without script.
      if (ready) form.requestSubmit()
      else form.submit()
    })
  },
  true,
)

// `/` anywhere outside a field: to the header's search (which wakes on that focus).
document.addEventListener('keydown', (event) => {
  if (event.key !== '/' || event.defaultPrevented || event.metaKey || event.ctrlKey) return
  if (event.altKey) return
  const target = event.target
  if (target instanceof Element && target.closest('input, textarea, select, [contenteditable]'))
    return
  const box = document.querySelector<HTMLInputElement>('input[aria-keyshortcuts="/"]')
  if (!box || box.offsetParent === null) return
  event.preventDefault()
  box.focus()
})

document.addEventListener('click', (event) => {
  if (event.defaultPrevented || event.button !== 0 || modified(event)) return
  const target = event.target instanceof Element ? event.target : null
  const opener = target?.closest<HTMLAnchorElement>('a[data-lightbox]')
  if (opener) {
    event.preventDefault()
    Promise.all([import('./lightbox'), wholeStylesheet()]).then(
      ([lightbox]) => lightbox.open(opener),
      () => {
        location.href = opener.href
      },
    )
    return
  }
  if (target?.closest('[data-reload]')) location.reload()
})

/** Tabs (WAI-ARIA APG, automatic activation), as client/components/tabs.tsx draws them. */
function enhanceTabs(list: HTMLElement): void {
  const tabs = [...list.querySelectorAll<HTMLAnchorElement>('[role="tab"]')]
  const isSelected = (tab: HTMLElement) => tab.getAttribute('aria-selected') === 'true'
  const on = tabs.find(isSelected)?.className
  const off = tabs.find((tab) => !isSelected(tab))?.className
  if (on === undefined || off === undefined) return
  const select = (index: number) => {
    tabs.forEach((tab, at) => {
      const chosen = at === index
      tab.setAttribute('aria-selected', String(chosen))
      tab.tabIndex = chosen ? 0 : -1
      tab.className = chosen ? on : off
      const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '')
      if (panel) panel.hidden = !chosen
    })
    tabs[index]?.focus()
  }
  list.addEventListener('click', (event) => {
    const tab = event.target instanceof Element ? event.target.closest('[role="tab"]') : null
    if (!(tab instanceof HTMLAnchorElement) || modified(event)) return
    event.preventDefault()
    select(tabs.indexOf(tab))
  })
  list.addEventListener('keydown', (event) => {
    const last = tabs.length - 1
    const focused = tabs.indexOf(event.target as HTMLAnchorElement)
    const from = focused >= 0 ? focused : tabs.findIndex(isSelected)
    const next = {
      ArrowRight: from === last ? 0 : from + 1,
      ArrowLeft: from === 0 ? last : from - 1,
      Home: 0,
      End: last,
    }[event.key]
    if (next === undefined) return
    event.preventDefault()
    select(next)
  })
}
for (const list of document.querySelectorAll<HTMLElement>('[role="tablist"]')) enhanceTabs(list)

/** A failed image: its fallback (the generated cover, an icon) instead of the broken-image icon. */
function imageFailed(image: HTMLImageElement): void {
  const shown = image.parentElement instanceof HTMLPictureElement ? image.parentElement : image
  const fallback = shown.nextElementSibling
  if (!(fallback instanceof HTMLTemplateElement) || !('imageFallback' in fallback.dataset)) return
  shown.replaceWith(fallback.content.cloneNode(true))
  fallback.remove()
}
/** A loaded image: its placeholder background goes. */
const imageLoaded = (image: HTMLImageElement) => {
  if (image.style.backgroundImage) image.removeAttribute('style')
}
// On the document, captured: an element's `load` never reaches the window.
document.addEventListener(
  'error',
  (event) => {
    if (event.target instanceof HTMLImageElement) imageFailed(event.target)
  },
  true,
)
document.addEventListener(
  'load',
  (event) => {
    if (event.target instanceof HTMLImageElement) imageLoaded(event.target)
  },
  true,
)
for (const image of document.images) {
  if (!image.complete || !image.currentSrc) continue
  if (image.naturalWidth === 0) imageFailed(image)
  else imageLoaded(image)
}

// A draft is a 404 for the server's render, which never reads the token: the admin's
// browser draws the page with it (the app, client/main.tsx, rendering the document).
try {
  const app = self?.dataset.app
  if (app && document.querySelector('[data-draft-check]') && localStorage.getItem('token')) {
    // The app's page from now on (its render resets <html>'s attributes): not an island's.
    self?.removeAttribute('data-islands-loader')
    void import(/* @vite-ignore */ app)
  }
} catch {
  // Storage refused: no token to preview with.
}

/**
 * A page prepared ahead and now shown: its request was not counted as a view
 * (`Sec-Purpose`), so it is counted now, with a HEAD of its own address that
 * says so (server/http/infra/page-views.ts).
 */
const countView = () =>
  void fetch(location.href, {
    method: 'HEAD',
    headers: { 'x-page-view': 'activated' },
    cache: 'no-store',
    keepalive: true,
  }).catch(() => undefined)
const navigation = performance.getEntriesByType('navigation')[0] as
  | (PerformanceNavigationTiming & { deliveryType?: string })
  | undefined
if ((document as Document & { prerendering?: boolean }).prerendering) {
  document.addEventListener('prerenderingchange', countView, { once: true })
} else if (
  navigation?.deliveryType === 'navigational-prefetch' ||
  // Prerendered, and shown before this file ran (it was still on its way).
  (navigation as (PerformanceNavigationTiming & { activationStart?: number }) | undefined)
    ?.activationStart
) {
  countView()
}

root.dataset.islands = 'ready'
