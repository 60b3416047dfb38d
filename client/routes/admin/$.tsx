import { createFileRoute } from '@tanstack/react-router'

/**
 * Any address under /admin that no screen has (`/admin/nope`,
 * `/admin/projects/nope`): the admin's own 404 inside its frame. The server
 * does not render the admin; `unknownParams` tells it to answer 404.
 */
export const Route = createFileRoute('/admin/$')({
  staticData: { unknownParams: () => true },
  head: () => ({ meta: [{ title: 'Page Not Found' }] }),
})
