/** The messages between the kept pages' listener thread (./kept-pages-worker.ts) and the main thread. */
import type { KeptPage, KeptStamp } from './http/infra/cache/kept-pages'

type HeaderPairs = Array<[string, string]>

export type ToListener =
  | { kind: 'start'; stamp: KeptStamp; pages: readonly KeptPage[] }
  | {
      kind: 'response'
      id: number
      status: number
      headers: HeaderPairs
      body: ArrayBuffer | null
    }
  | { kind: 'stop' }

export type FromListener =
  | { kind: 'listening'; port: number }
  | { kind: 'unavailable'; reason: string }
  | {
      kind: 'request'
      id: number
      method: string
      url: string
      headers: HeaderPairs
      body: ArrayBuffer | null
      peer: string | null
    }
  | {
      kind: 'view'
      method: string
      url: string
      headers: HeaderPairs
      peer: string | null
      status: number
      contentType: string | null
    }
  | { kind: 'stopped'; answered: number }

/** A response's headers as pairs, each Set-Cookie on its own (joined with commas it would mean something else). */
export function headerPairs(headers: Headers): HeaderPairs {
  const pairs: HeaderPairs = []
  for (const [name, value] of headers) if (name !== 'set-cookie') pairs.push([name, value])
  for (const cookie of headers.getSetCookie()) pairs.push(['set-cookie', cookie])
  return pairs
}
