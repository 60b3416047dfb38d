import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { getToken } from '../lib/token'
import { NotFoundPage } from './not-found-page'

/** The addresses asked for once more with the token (once each: a second 404 is the answer). */
const askedWithToken = new Set<string>()

/**
 * A draft (or a scheduled note) is a 404 for the page the server renders (it
 * never reads the token), so a signed-in admin's browser asks once more with
 * the token: the admin's preview, of every draft the admin opens. Anyone
 * else keeps the 404. A public page is a document no app runs in: there the
 * island loader sees `data-draft-check` and, with a token, starts the app,
 * which draws the page (client/islands/loader.ts).
 */
export function DraftOrNotFound() {
  const router = useRouter()
  const path = router.state.location.pathname
  useEffect(() => {
    if (askedWithToken.has(path) || !getToken()) return
    askedWithToken.add(path)
    void router.invalidate()
  }, [router, path])
  return (
    <div data-draft-check="" className="contents">
      <NotFoundPage />
    </div>
  )
}
