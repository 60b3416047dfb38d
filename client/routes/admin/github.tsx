import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/admin/github')({
  head: () => ({ meta: [{ title: 'Import from GitHub' }] }),
})
