import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/admin/timeline/new')({
  head: () => ({ meta: [{ title: 'Add New Timeline Event' }] }),
})
