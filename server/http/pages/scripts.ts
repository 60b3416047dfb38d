/**
 * The inline scripts of a rendered page, allowed by the CSP by hash: the
 * hashes of the scripts the router wrote, taken as it wrote them, never of
 * whatever scripts the HTML holds.
 */
import { createHash } from 'node:crypto'
import type { AnyRouter } from '@tanstack/react-router'
import { getScrollRestorationScriptForRouter } from '@tanstack/router-core/scroll-restoration-script'
import { ISLANDS_BOOT, SPECULATION_RULES } from '../../../client/lib/islands-document'
import { THEME_SCRIPT } from '../../../client/lib/theme-script'

/** SHA-256 (base64) of a script's source, as a CSP hash source takes it. */
function scriptHash(source: string): string {
  return createHash('sha256').update(source, 'utf8').digest('base64')
}

/** The theme's head script (the app's pages, and its shell: client/index.html) by its hash. */
export const THEME_SCRIPT_HASH = scriptHash(THEME_SCRIPT)

/**
 * The inline script of a public page, a document with islands
 * (client/lib/islands-document.ts): the speculation rules, a constant. Its
 * one other script is a file (the island loader); the theme needs none (its
 * <html> carries it: src/domain/appearance.ts).
 */
export const ISLANDS_DOCUMENT_HASHES: readonly string[] = [
  scriptHash(ISLANDS_BOOT),
  scriptHash(SPECULATION_RULES),
]

/** The part of the router's hydration output a page's streamed scripts come from (internal). */
interface HydrationOutput {
  pullChunk: () => Uint8Array
}

function isHydrationOutput(value: unknown): value is HydrationOutput {
  return (
    typeof value === 'object' &&
    value !== null &&
    'pullChunk' in value &&
    typeof value.pullChunk === 'function'
  )
}

/**
 * The router's hydration output (`serverSsr.hydrationScripts`, not part of its
 * typed API). Should a new router version move it, the scripts it streams
 * would go unhashed and be blocked: ssr-scripts.test.ts renders a page with data
 * that settles late, so that shows at once.
 */
function hydrationOutputOf(ssr: object): HydrationOutput | undefined {
  const output: unknown = 'hydrationScripts' in ssr ? ssr.hydrationScripts : undefined
  return isHydrationOutput(output) ? output : undefined
}

/** One streamed record of the router's hydration output: `<script>…</script>`. */
const streamedRecord = /<script>([\s\S]*?)<\/script>/g

/**
 * The inline scripts the router writes into a page, taken as it makes them,
 * never read back from the rendered HTML (where anything that slipped into
 * the content would look the same): the bootstrap and the dehydrated state
 * that `<Scripts>` takes at once, the state streamed after it (data that
 * settled later), and the scroll-restoration script; with them the inline
 * scripts of the asset manifest itself (the entry's boot script), which the
 * server wrote. Their hashes are the only inline scripts the page's CSP allows.
 */
export function captureRouterScripts(
  router: AnyRouter,
  manifestScripts: (routeIds: string[]) => readonly string[],
) {
  const sources = new Set<string>()
  const ssr = router.serverSsr
  if (!ssr) throw new Error('The router has no server-side rendering state.')

  const takeInitial = ssr.takeInitialHydrationScriptTags
  ssr.takeInitialHydrationScriptTags = () => {
    const tags = takeInitial()
    for (const tag of tags ? [...tags.before, tags.boundary] : []) {
      if (typeof tag.children === 'string' && tag.children !== '') sources.add(tag.children)
    }
    return tags
  }

  // Streamed records are the router's own bytes (its serializer escapes `<` in the data);
  // the transform pulls them one chunk at a time, a record possibly over several chunks.
  const streamed: Uint8Array[] = []
  const output = hydrationOutputOf(ssr)
  if (output) {
    const pull = output.pullChunk.bind(output)
    output.pullChunk = () => {
      const chunk = pull()
      streamed.push(chunk)
      return chunk
    }
  }

  return {
    /** SHA-256 of each script the router wrote, once the page is complete. */
    hashes(): string[] {
      const text = new TextDecoder().decode(Buffer.concat(streamed))
      for (const [, source = ''] of text.matchAll(streamedRecord)) sources.add(source)
      // Rendered by ScriptOnce, which adds its own removal.
      const scroll = getScrollRestorationScriptForRouter(router)
      if (scroll) sources.add(`${scroll};document.currentScript.remove()`)
      // The manifest's scripts of the routes this page matched (<Scripts /> writes those only):
      // every route's would put ~30 hashes more into each page's header, which Lantern's
      // simulated first round trip pays for (docs/performance.md).
      const matched = router.stores.matches.get().map((match) => match.routeId)
      for (const source of manifestScripts(matched)) sources.add(source)
      return [...sources].map(scriptHash)
    },
  }
}
