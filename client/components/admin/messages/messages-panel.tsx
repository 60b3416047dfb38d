import { useState } from 'react'
import { type InboxMessage, inView } from '../../../lib/inbox'
import { useTrpc } from '../../../lib/trpc'
import { DeleteButton } from '../ui/row-actions'
import { SectionCard } from '../ui/section-card'
import { useDeletableList } from '../ui/use-deletable-list'

/*
 * The spec's table (Name, Email, Message, Actions). From 768 px up it is a
 * table; below, each message is a card: name and Delete on top, the address,
 * then the message, so nothing is cut off or scrolled away. It stays a
 * table element: current browsers keep its roles when it is laid out as
 * blocks.
 *
 * It lists what is not spam (the inbox and the archive, as the Messages
 * screen counts them); a filter above it shows the spam instead, each row
 * marked as such. The counts on the filter are those of the Messages screen.
 */
const cell = 'px-4 py-3 align-top max-md:p-0'

export function MessagesPanel() {
  const trpc = useTrpc()
  const [showSpam, setShowSpam] = useState(false)
  const { items, deletion } = useDeletableList({
    list: trpc.messages.list.queryOptions(),
    remove: trpc.messages.delete.mutationOptions(),
    stale: trpc.messages.pathFilter(),
    question: 'Are you sure you want to delete this contact?',
    fallback: 'The message could not be deleted.',
    deleted: 'Message deleted.',
    trashKind: 'message',
  })
  const all: InboxMessage[] = items
  const spam = all.filter((message) => inView(message, 'spam'))
  const kept = all.filter((message) => !inView(message, 'spam'))
  const messages = showSpam ? spam : kept
  const filters = [
    { spam: false, label: 'Messages', count: kept.length },
    { spam: true, label: 'Spam', count: spam.length },
  ]

  return (
    <SectionCard id="manage-contacts" title="Manage Contacts." action={null} error={deletion.error}>
      {/* Two toggle buttons: which messages the table lists. */}
      <fieldset className="mb-4 flex flex-wrap gap-2">
        <legend className="sr-only">Show</legend>
        {filters.map((filter) => (
          <button
            key={filter.label}
            type="button"
            aria-pressed={showSpam === filter.spam}
            onClick={() => setShowSpam(filter.spam)}
            className="inline-flex min-h-9 items-center gap-1 rounded-full border border-line-strong bg-surface-raised px-4 py-1.5 text-sm font-medium text-body transition-colors hover:bg-surface aria-pressed:border-accent-ink aria-pressed:bg-accent-soft aria-pressed:text-strong"
          >
            {filter.label} <span className="text-muted tabular-nums">({filter.count})</span>
          </button>
        ))}
      </fieldset>
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
                  {showSpam ? 'No spam.' : 'No messages yet.'}
                </td>
              </tr>
            ) : null}
            {messages.map((message) => {
              const nameId = `message-${message.id}-name`
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
                    {message.status === 'spam' ? (
                      <span className="ml-2 inline-block rounded-full border border-warning-line bg-warning-soft px-2 py-0.5 align-middle text-xs font-medium text-warning-ink">
                        Spam
                      </span>
                    ) : null}
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
