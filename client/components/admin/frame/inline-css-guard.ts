/**
 * The public entry's stylesheet is written into the page (a `<style>`), so
 * Vite's preloader, which looks for a `<link>`, links it again when a lazy
 * admin chunk shares a module with the entry (the Analytics chart does).
 * Linked after admin.css, its utilities, in their other order, would win
 * over the admin's (the admin menu lost its `lg:` rules). Such a duplicate
 * link is switched off (`media="not all"`) as soon as it is added: the same
 * rules are already there. Not removed: the preloader waits for its `load`.
 * The whole stylesheet the page's boot script links after the first paint
 * (`data-site-css`: the page's own `<style>` holds only its critical rules,
 * server/http/pages/critical-css.ts) stays on: it is linked before admin.css.
 */
export function dropDuplicateEntryStylesheet(doc: Document = document): void {
  if (!doc.querySelector('style[data-tsr-inline-css]')) return
  const drop = () => {
    for (const link of doc.head.querySelectorAll<HTMLLinkElement>(
      'link[rel="stylesheet"][href*="/assets/index-"]:not([media="not all"]):not([data-site-css])',
    )) {
      link.media = 'not all'
    }
  }
  drop()
  new MutationObserver(drop).observe(doc.head, { childList: true })
}
