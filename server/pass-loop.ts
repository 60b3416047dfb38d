/**
 * One instance's timer for a background pass (the alert worker, the GitHub
 * refresh): a pass every `everyMs` and on a kick, one at a time. A kick
 * while a pass runs queues one more after it; further kicks share that one.
 * A pass that throws (the database away, say) is logged, and the next tick
 * tries again.
 */
import { errorDetails, type Logger } from './log'

export interface PassLoop<T> {
  /** A pass soon. */
  kick(): void
  /** A pass now (after the one under way); resolves with its result, undefined when it failed. */
  drain(): Promise<T | undefined>
  start(): void
  /** Stops the timer and waits for the pass under way. */
  stop(): Promise<void>
}

export function createPassLoop<T>(options: {
  run: () => Promise<T>
  everyMs: number
  log: Logger
  /** The log line of a failed pass. */
  failure: string
}): PassLoop<T> {
  let timer: ReturnType<typeof setInterval> | undefined
  let pass: Promise<T | undefined> = Promise.resolve(undefined)
  let queued: Promise<T | undefined> | null = null

  function drain(): Promise<T | undefined> {
    if (queued) return queued
    const next = pass
      .then(() => {
        queued = null
        return options.run()
      })
      .catch((error: unknown) => {
        options.log.warn(options.failure, errorDetails(error))
        return undefined
      })
    queued = next
    pass = next
    return next
  }

  return {
    kick: () => void drain(),
    drain,
    start() {
      if (timer) return
      timer = setInterval(() => void drain(), options.everyMs)
      timer.unref?.()
      void drain()
    },
    async stop() {
      if (timer) clearInterval(timer)
      timer = undefined
      await pass
    },
  }
}
