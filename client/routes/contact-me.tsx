import { createFileRoute } from '@tanstack/react-router'
import { ContactForm } from '../components/contact-form'

export const Route = createFileRoute('/contact-me')({
  head: () => ({ meta: [{ title: 'Contact Me · Portfolio' }] }),
  component: ContactPage,
})

function ContactPage() {
  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Contact Me.</h1>
      <p className="mt-3 text-slate-600">
        Questions, feedback or an opportunity in mind? I read every message.
      </p>
      <div className="mt-8">
        <ContactForm />
      </div>
    </div>
  )
}
