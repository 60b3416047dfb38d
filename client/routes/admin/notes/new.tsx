import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/admin/notes/new')({
  head: () => ({ meta: [{ title: 'New Note' }] }),
})
