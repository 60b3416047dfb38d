import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createLazyFileRoute } from '@tanstack/react-router'
import { ACCENT_PROPERTIES, accentStyle } from '../../../src/domain/accent'
import type { ProfileData } from '../../../src/schemas/profile'
import { ProfileForm } from '../../components/admin/profile/profile-form'
import { RevisionHistory } from '../../components/admin/revisions/revision-history'
import { useTrpc } from '../../lib/trpc'

export const Route = createLazyFileRoute('/admin/profile')({
  component: EditProfile,
})

function EditProfile() {
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const query = trpc.profile.get.queryOptions()
  const { data: profile } = useSuspenseQuery(query)
  const update = useMutation(trpc.profile.update.mutationOptions())

  async function save(data: ProfileData, version?: number) {
    const saved = await update.mutateAsync({ ...data, version })
    // The header shows the new name at once; public pages fetch the profile again when next shown.
    queryClient.setQueryData(query.queryKey, saved)
    // The page's accent colour at once (the browser's router reads it back from <html>).
    applyAccentStyle(saved.accent_color)
    await queryClient.invalidateQueries(trpc.profile.pathFilter())
    return saved
  }
  const reload = () => queryClient.fetchQuery({ ...query, staleTime: 0 })

  const restore = useMutation(trpc.profile.restoreRevision.mutationOptions())
  async function restoreRevision(rev: number) {
    const restored = await restore.mutateAsync({ rev })
    queryClient.setQueryData(query.queryKey, restored)
    applyAccentStyle(restored.accent_color)
    await queryClient.invalidateQueries(trpc.profile.pathFilter())
  }
  return (
    <>
      <ProfileForm key={JSON.stringify(profile)} profile={profile} save={save} reload={reload} />
      <RevisionHistory
        query={trpc.profile.revisions.queryOptions(undefined, { staleTime: 0 })}
        restore={restoreRevision}
      />
    </>
  )
}

/** Writes an accent colour's custom properties on <html>, as the server would. */
function applyAccentStyle(color: string) {
  const style = document.documentElement.style
  const properties = accentStyle(color)
  for (const name of ACCENT_PROPERTIES) {
    const value = properties?.[name]
    if (value) style.setProperty(name, value)
    else style.removeProperty(name)
  }
}
