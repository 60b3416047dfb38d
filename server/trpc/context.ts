import type { ServiceContext } from '../services/context'

export type ContextInner = ServiceContext

/** Request-free context: tests and the server-side renderer build it directly. */
export function createContextInner(options: ContextInner): ContextInner {
  return options
}

export type Context = ContextInner
