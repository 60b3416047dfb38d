import { useMutation } from '@tanstack/react-query'
import { createLazyFileRoute } from '@tanstack/react-router'
import { NewsletterPanel } from '../../components/admin/newsletter/newsletter-panel'
import { secondaryButtonClass } from '../../components/admin/ui/form-controls'
import { AdminPageHeader } from '../../components/admin/ui/page-header'
import { sentenceOf } from '../../components/admin/ui/rest-call'
import { useToast } from '../../components/admin/ui/toasts'
import { useTrpc } from '../../lib/trpc'

export const Route = createLazyFileRoute('/admin/newsletter')({
  component: NewsletterScreen,
})

function NewsletterScreen() {
  const trpc = useTrpc()
  const toast = useToast()
  const test = useMutation(trpc.newsletter.test.mutationOptions())
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Newsletter."
        lead="Readers who get your notes by email: who they are, what was sent, and the list as CSV."
        action={
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={test.isPending}
            onClick={() =>
              test.mutateAsync().then(
                (sent) => toast.success(`Test email sent to ${sent.to}.`),
                (error: unknown) => toast.error(sentenceOf(error)),
              )
            }
          >
            Send test email
          </button>
        }
      />
      <NewsletterPanel />
    </div>
  )
}
