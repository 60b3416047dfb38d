import { useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import type { Media } from '../../../../src/schemas/media'
import { useTrpc } from '../../../lib/trpc'
import { useSessionEnd } from '../ui/use-session-end'
import { uploadImage } from './media-upload'

/** One file on its way to the media library. */
export interface Upload {
  key: string
  name: string
  /** The fraction sent, 0 to 1. */
  progress: number
  state: 'uploading' | 'done' | 'failed'
  /** The server's sentence when it refused the file (415, 413, 400), or the network text. */
  error: string | null
}

/**
 * Uploads files to the media library, each with its progress and its own
 * failure; the library's list is refreshed after each success. `onUploaded`
 * gets the stored images in the order the files were given, whatever order
 * they finish in.
 */
export function useUploads(onUploaded?: (media: Media) => void) {
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const endSession = useSessionEnd()
  const [uploads, setUploads] = useState<Upload[]>([])
  const counter = useRef(0)
  // The latest callback: an upload that ends later must not call a stale one.
  const uploaded = useRef(onUploaded)
  uploaded.current = onUploaded

  const update = (key: string, patch: Partial<Upload>) =>
    setUploads((list) =>
      list.map((upload) => (upload.key === key ? { ...upload, ...patch } : upload)),
    )

  function start(files: Iterable<File>) {
    const batch = [...files].map((file) => ({ file, key: `upload-${++counter.current}` }))
    if (batch.length === 0) return
    // A new batch replaces the finished rows of the last one.
    setUploads((list) => [
      ...list.filter((upload) => upload.state === 'uploading'),
      ...batch.map(({ file, key }) => ({
        key,
        name: file.name,
        progress: 0,
        state: 'uploading' as const,
        error: null,
      })),
    ])
    let inOrder: Promise<unknown> = Promise.resolve()
    for (const { file, key } of batch) {
      const sent = uploadImage(file, (progress) => update(key, { progress })).then(
        (media) => {
          update(key, { progress: 1, state: 'done' })
          return media
        },
        async (error: unknown) => {
          if (await endSession(error)) return null
          update(key, {
            state: 'failed',
            error: error instanceof Error ? error.message : String(error),
          })
          return null
        },
      )
      inOrder = inOrder.then(async () => {
        const media = await sent
        if (!media) return
        await queryClient.invalidateQueries(trpc.media.list.pathFilter())
        uploaded.current?.(media)
      })
    }
  }

  const dismiss = (key: string) => setUploads((list) => list.filter((upload) => upload.key !== key))

  return { uploads, start, dismiss }
}
