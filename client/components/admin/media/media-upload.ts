/*
 * Uploads go to the REST door (`POST /api/media`, multipart/form-data: the
 * tRPC door takes JSON only) with XMLHttpRequest, whose upload events give a
 * progress bar; fetch has none.
 */
import { imageTooLargeSentence, type Media, mediaLimits } from '../../../../src/schemas/media'
import { NETWORK_ERROR_TEXT } from '../../../lib/admin-errors'
import { getToken } from '../../../lib/token'

/** A refused or failed upload: the server's sentence, and its status (null: never reached). */
export class UploadError extends Error {
  override name = 'UploadError'
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message)
  }
}

/** The sentence of a REST error body (`{ "error": "…" }`), if that is what it is. */
export function errorSentenceOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null
  return typeof body.error === 'string' && body.error.trim() !== '' ? body.error : null
}

/**
 * Sends one image; `onProgress` gets the fraction sent (0 to 1). A file over
 * the size limit is refused here, before a byte is sent, with the sentence
 * the server would answer (its size said too).
 */
export function uploadImage(file: File, onProgress: (fraction: number) => void): Promise<Media> {
  if (file.size > mediaLimits.maxBytes) {
    return Promise.reject(new UploadError(imageTooLargeSentence(file.size), null))
  }
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', '/api/media')
    request.responseType = 'json'
    const token = getToken()
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`)
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
    }
    request.onload = () => {
      if (request.status === 201 || request.status === 200) {
        resolve(request.response as Media)
        return
      }
      const sentence =
        errorSentenceOf(request.response) ??
        `The image could not be uploaded (the server answered ${request.status}).`
      reject(new UploadError(sentence, request.status))
    }
    request.onerror = () => reject(new UploadError(NETWORK_ERROR_TEXT, null))
    const form = new FormData()
    form.set('file', file)
    form.set('alt', '')
    request.send(form)
  })
}
