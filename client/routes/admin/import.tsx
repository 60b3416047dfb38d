import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/admin/import')({
  head: () => ({ meta: [{ title: 'Import' }] }),
})
