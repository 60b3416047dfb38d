import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { getToken } from '../lib/token'
import { NotFoundPage } from './not-found-page'

let askedWithToken = false

/**
 * A draft (or a scheduled post) is a 404 for the page the server renders (it
 * never reads the token), so a signed-in admin's browser asks once more with
 * the token: the admin's preview. Anyone else keeps the 404.
 */
export function DraftOrNotFound() {
  const router = useRouter()
  useEffect(() => {
    if (askedWithToken || !getToken()) return
    askedWithToken = true
    void router.invalidate()
  }, [router])
  return <NotFoundPage />
}
