import { useTrpc } from '../../lib/trpc'
import { DeleteButton } from './row-actions'
import { SectionCard } from './section-card'
import { useDeletableList } from './use-deletable-list'

/*
 * The spec's table (Name, Email, Message, Actions). From 768 px up it is a
 * table; below, each message is a card: name and Delete on top, the address,
 * then the message, so nothing is cut off or scrolled away. It stays a
 * table element: current browsers keep its roles when it is laid out as
 * blocks.
 */
const cell = 'px-4 py-3 align-top max-md:p-0'

export function ContactsPanel() {
  const trpc = useTrpc()
  const { items: messages, deletion } = useDeletableList({
    list: trpc.contact.list.queryOptions(),
    remove: trpc.contact.delete.mutationOptions(),
    stale: trpc.contact.pathFilter(),
    question: 'Are you sure you want to delete this contact?',
    fallback: 'The message could not be deleted.',
    deleted: 'Message deleted.',
    trashKind: 'message',
  })

  return (
    <SectionCard id="manage-contacts" title="Manage Contacts." action={null} error={deletion.error}>
      <div className="rounded-control border border-line">
        <table className="w-full table-fixed text-left text-sm max-md:block">
          <thead className="bg-surface text-sm font-semibold text-body max-md:sr-only">
            <tr>
              <th scope="col" className="w-1/5 rounded-tl-xl px-4 py-3">
                Name
              </th>
              <th scope="col" className="w-1/4 px-4 py-3">
                Email
              </th>
              <th scope="col" className="px-4 py-3">
                Message
              </th>
              <th scope="col" className="w-28 rounded-tr-xl px-4 py-3 text-right">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line max-md:block">
            {messages.length === 0 ? (
              <tr className="max-md:block">
                <td colSpan={4} className="px-4 py-6 text-center text-muted max-md:block">
                  No messages yet.
                </td>
              </tr>
            ) : null}
            {messages.map((message) => {
              const nameId = `contact-${message.id}-name`
              return (
                <tr
                  key={message.id}
                  className="max-md:grid max-md:grid-cols-[minmax(0,1fr)_auto] max-md:gap-x-3 max-md:gap-y-1 max-md:p-4"
                >
                  <td
                    id={nameId}
                    className={`${cell} font-medium wrap-anywhere text-strong max-md:col-start-1 max-md:row-start-1`}
                  >
                    {message.name}
                  </td>
                  <td
                    className={`${cell} wrap-anywhere text-muted max-md:col-span-2 max-md:row-start-2`}
                  >
                    <a
                      href={`mailto:${message.email}`}
                      className="rounded hover:text-accent-ink hover:underline"
                    >
                      {message.email}
                    </a>
                  </td>
                  <td
                    className={`${cell} whitespace-pre-wrap wrap-anywhere text-body max-md:col-span-2 max-md:row-start-3 max-md:pt-1`}
                  >
                    {message.message}
                  </td>
                  <td className={`${cell} text-right max-md:col-start-2 max-md:row-start-1`}>
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
