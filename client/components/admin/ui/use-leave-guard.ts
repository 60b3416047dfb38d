import { useBlocker } from '@tanstack/react-router'
import { useRef } from 'react'

/** The question before leaving a form with unsaved changes (a link in the admin). */
export const LEAVE_QUESTION = 'You have unsaved changes. Leave this page and lose them?'

/**
 * Asks before leaving while `dirty()` says the form holds something not yet
 * saved: a link in the app asks LEAVE_QUESTION (TanStack Router's blocker),
 * closing or reloading the tab asks the browser's own question
 * (`beforeunload`). `release()` lets the next navigation go without asking
 * (the form was just sent, or its input is kept elsewhere).
 */
export function useLeaveGuard(dirty: () => boolean): { release: () => void } {
  const released = useRef(false)
  const check = useRef(dirty)
  check.current = dirty
  const blocking = () => !released.current && check.current()
  useBlocker({
    shouldBlockFn: () => blocking() && !window.confirm(LEAVE_QUESTION),
    enableBeforeUnload: blocking,
    withResolver: false,
  })
  return {
    release: () => {
      released.current = true
    },
  }
}
