import { appearanceOf, nextTheme, themeCookie } from '../../../src/domain/appearance'

/** The path the header's theme switch posts to without script (client/components/theme-toggle.tsx). */
export const THEME_PATH = '/theme'

/**
 * The page the switch was pressed on: the Referer (the site's policy,
 * strict-origin-when-cross-origin, sends the whole address to the site
 * itself) when it is this site's; the home page otherwise, and for a path
 * that a browser would read as another host (`//elsewhere`).
 */
function pressedOn(request: Request): string {
  const referer = request.headers.get('referer')
  if (!referer) return '/'
  try {
    const url = new URL(referer)
    if (url.host !== hostOf(request) || url.pathname.startsWith('//')) return '/'
    return `${url.pathname}${url.search}`
  } catch {
    return '/'
  }
}

const hostOf = (request: Request) => request.headers.get('host') ?? new URL(request.url).host

/**
 * Whether the form was sent from a page of this site: no Origin (an older
 * browser), or one whose host is the request's own (the address the visitor
 * used, whatever the proxy in front).
 */
function sameSite(request: Request): boolean {
  const origin = request.headers.get('origin')
  if (origin === null) return true
  try {
    return new URL(origin).host === hostOf(request)
  } catch {
    return false
  }
}

/**
 * The theme switch without script: a POST steps the visitor's choice
 * (system → light → dark → system, from the cookie the request carries),
 * stores it in the `theme` cookie and sends them back to the page (303),
 * the one they were on: the form has no field (the header is the same on
 * every page, and a page is cached at its address, not the URL it was asked by),
 * which the server renders in the new theme. With script the island loader
 * does the same in place (client/islands/loader.ts), without a request.
 * A cross-site form cannot move it: a request whose Origin is another
 * site's is refused.
 */
export async function switchTheme(request: Request, siteUrl: string): Promise<Response> {
  const site = new URL(siteUrl)
  if (!sameSite(request)) {
    return new Response('A theme can only be chosen on this site.', {
      status: 403,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    })
  }
  // The form sends nothing: a body, if any, is not read.
  await request.body?.cancel().catch(() => {})
  const choice = nextTheme(appearanceOf(request.headers.get('cookie')).theme)
  return new Response(null, {
    status: 303,
    headers: {
      location: pressedOn(request),
      'set-cookie': themeCookie(choice, site.protocol === 'https:'),
      'cache-control': 'no-store',
    },
  })
}
