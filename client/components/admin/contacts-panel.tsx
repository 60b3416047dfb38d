import { useTrpc } from '../../lib/trpc'
import { DeleteButton } from './row-actions'
import { SectionCard } from './section-card'
import { useDeletableList } from './use-deletable-list'

export function ContactsPanel() {
  const trpc = useTrpc()
  const { items: messages, deletion } = useDeletableList({
    list: trpc.contact.list.queryOptions(),
    remove: trpc.contact.delete.mutationOptions(),
    stale: trpc.contact.pathFilter(),
    question: 'Are you sure you want to delete this contact?',
    fallback: 'The message could not be deleted.',
    deleted: 'Message deleted.',
  })

  return (
    <SectionCard id="manage-contacts" title="Manage Contacts." action={null} error={deletion.error}>
      {/* The table scrolls sideways on narrow phones instead of squeezing the messages. */}
      <div className="overflow-x-auto rounded-xl border border-slate-200">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <thead className="bg-slate-50 text-sm font-semibold text-slate-700">
            <tr>
              {['Name', 'Email', 'Message'].map((label) => (
                <th key={label} scope="col" className="px-4 py-3">
                  {label}
                </th>
              ))}
              <th scope="col" className="px-4 py-3 text-right">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {messages.length === 0 ? (
              <tr>
                <td colSpan={4} className="px-4 py-6 text-center text-slate-500">
                  No messages yet.
                </td>
              </tr>
            ) : null}
            {messages.map((message) => {
              const nameId = `contact-${message.id}-name`
              return (
                <tr key={message.id} className="align-top">
                  <td
                    id={nameId}
                    className="min-w-32 px-4 py-3 font-medium break-words text-slate-900"
                  >
                    {message.name}
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-600">
                    <a
                      href={`mailto:${message.email}`}
                      className="rounded hover:text-indigo-600 hover:underline"
                    >
                      {message.email}
                    </a>
                  </td>
                  <td className="max-w-md px-4 py-3 break-words whitespace-pre-wrap text-slate-700">
                    {message.message}
                  </td>
                  <td className="px-4 py-3 text-right">
                    <DeleteButton deletion={deletion} id={message.id} describedBy={nameId} />
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </SectionCard>
  )
}
