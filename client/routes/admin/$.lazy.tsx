import { createLazyFileRoute } from '@tanstack/react-router'
import { AdminNotFound } from '../../components/admin/frame/admin-not-found'

export const Route = createLazyFileRoute('/admin/$')({
  component: AdminNotFound,
})
