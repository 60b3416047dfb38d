import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/admin/projects/new')({
  head: () => ({ meta: [{ title: 'Add New Project' }] }),
})
