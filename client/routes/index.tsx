import { createFileRoute } from '@tanstack/react-router'
import { trpc } from '../lib/trpc'

export const Route = createFileRoute('/')({
  loader: ({ context }) => context.trpcUtils.profile.get.ensureData(),
  component: Home,
})

function Home() {
  const [profile] = trpc.profile.get.useSuspenseQuery()
  return <h1>{profile.headline}</h1>
}
