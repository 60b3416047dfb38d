/**
 * The site as one ActivityPub account (docs/activitypub.md): what the app
 * and its route table hold at start. Fedify, its vocabulary and what they
 * bring (JSON-LD, X.509, OpenTelemetry: about 950 modules, 0.2–0.3 s to
 * load on the project's kind of machine) load with the first request on a
 * federation path while federation is on (fedify.ts). A site with
 * federation off never loads them, and a restart answers its first page
 * without them.
 */
import type { ActivityPubSettings, AppConfig } from '../config'
import type { Db } from '../db/client'
import type { Logger } from '../log'
import type { MediaStore } from '../media/store'
import { federationOn } from '../services/activitypub'
import type { FedifyHandler } from './fedify'

export interface ActivityPubDeps {
  db: Db
  siteUrl: string
  settings: ActivityPubSettings
  log: Logger
  now?: () => Date
  /** For the conversations replies, likes and boosts become: spam rules, alerts, photos. */
  config?: AppConfig
  mediaStore?: MediaStore
  kickAlerts?: () => void
}

export interface ActivityPub {
  /** The answer to a request on one of the federation's paths; null: not federation's (or off). */
  handle(request: Request, peer: string | null): Promise<Response | null>
}

/** The paths the route table hands to `handle`. */
export const FEDERATION_PATHS = [
  '/.well-known/webfinger',
  '/.well-known/nodeinfo',
  '/nodeinfo/*',
  '/ap/*',
]

export function createActivityPub(deps: ActivityPubDeps): ActivityPub {
  const siteUrl = deps.siteUrl.replace(/\/+$/, '')
  let fedify: Promise<FedifyHandler> | undefined
  return {
    async handle(request, peer) {
      if (!(await federationOn(deps.db, siteUrl, deps.settings.allowLoopback)).on) return null
      if (!fedify) {
        fedify = import('./fedify').then(({ createFedifyHandler }) => createFedifyHandler(deps))
        // A failed load is tried again with the next request, not remembered.
        fedify.catch(() => {
          fedify = undefined
        })
      }
      return (await fedify).handle(request, peer)
    },
  }
}
