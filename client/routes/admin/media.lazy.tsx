import { createLazyFileRoute } from '@tanstack/react-router'
import { MediaLibrary } from '../../components/admin/media/media-library'

export const Route = createLazyFileRoute('/admin/media')({
  component: MediaLibrary,
})
