/**
 * The generated covers on a thread of their own (cover-thread.ts is the other
 * side): one message in (an id and the cover's words), one answer out, the
 * SVG or the error's message.
 */
import { type Cover, renderCover } from './cover'
import type { CoverAnswer, CoverRequest } from './cover-thread'

declare const self: Worker

self.onmessage = async (event: MessageEvent<CoverRequest>) => {
  const { id, cover } = event.data
  let answer: CoverAnswer
  try {
    answer = { id, ok: true, svg: await renderCover(cover satisfies Cover) }
  } catch (error) {
    answer = { id, ok: false, message: error instanceof Error ? error.message : String(error) }
  }
  self.postMessage(answer)
}
