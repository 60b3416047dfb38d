/**
 * The site the server-rendering tests read: an app rendering its pages on
 * the server (a stub client build), signed in, with one featured project and
 * one timeline event; and the page renderer on its database, with the site's
 * router or another one.
 */
import { createPageRenderer, type PageRendererDeps } from '../../http/pages/ssr'
import { createLogger } from '../../log'
import { createTestApp, type TestApp } from './harness'
import { stubDist } from './rendered-page'

export const SITE = 'https://ada.example'

export interface RenderedSite {
  t: TestApp
  token: string
  project: { id: number; slug: string; title: string; updated_at: string }
}

export async function renderedSite(): Promise<RenderedSite> {
  const t = await createTestApp({ ssr: true, siteUrl: SITE, distDir: stubDist() })
  const token = await t.login()
  const created = await t.request('POST', '/api/projects', {
    token,
    body: {
      title: 'Difference Engine',
      description: 'A mechanical calculator for polynomial tables.',
      long_description: 'Built from brass gears, it tabulates polynomials by finite differences.',
      website_url: 'https://engine.example',
      image_urls: ['/img/engine.png', '/img/second.png'],
      tags: ['Brass', 'Gears'],
      is_featured: true,
    },
  })
  await t.request('POST', '/api/timeline', {
    token,
    body: {
      title: 'Analytical Society',
      start_date: 'Jan 2024',
      position: 'Translator',
      description: ['Notes on the engine'],
    },
  })
  return { t, token, project: created.body as RenderedSite['project'] }
}

/** The page renderer on the site's database, with the site's router or another one. */
export function pageRendererOf(t: TestApp, router?: PageRendererDeps['createRouter']) {
  return createPageRenderer({
    distDir: stubDist(),
    siteUrl: SITE,
    log: createLogger('silent'),
    createContext: (requestId) => ({
      db: t.db,
      mediaStore: t.mediaStore,
      config: t.config,
      log: createLogger('silent'),
      now: t.clock.now,
      requestId,
      ip: 'server',
      authorization: null,
    }),
    createRouter: router,
  })
}
