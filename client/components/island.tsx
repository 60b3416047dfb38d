import type { ComponentType } from 'react'

/**
 * An interactive part of a public page (an island): rendered with the page,
 * on the server and in the app alike, inside a `div[data-island]` that names
 * it and holds its props as JSON. A public page is a document that no
 * script hydrates as a whole (docs/decisions/0389): the page's small island
 * loader (client/islands/loader.ts) fetches this part's code on its first
 * use (a focus, a press, a key, a submit inside it) and hydrates this `div`
 * with the same component and the same props, so the markup matches. In the
 * app (the admin's screens, a page it draws in the browser) it is live
 * already. The wrapper takes no room (`display: contents`). Its component
 * reads nothing of the router: an island is hydrated without one.
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
}: {
  /** The loader's name for it: client/islands/loader.ts, `islands`. */
  name: string
  component: ComponentType<P>
  props: P
}) {
  return (
    <div data-island={name} data-props={JSON.stringify(props)} className="contents">
      <Component {...props} />
    </div>
  )
}
