import { occurrenceIds } from '../media/media-info'

/**
 * What a list field will publish, shown live under it as the owner types:
 * the bullets of a timeline event, the chips of tags and skills. The field
 * is split by the same rule the save uses (src/domain/comma-list.ts), so a
 * comma that splits an item is seen before saving, not after.
 */
export function ListPreview({
  id,
  items,
  look,
  noun,
}: {
  /** The field's id: the preview is `${id}-preview`. */
  id: string
  items: readonly string[]
  /** Bullets (a timeline event's description) or chips (tags, skills). */
  look: 'bullets' | 'chips'
  /** What one item is called, singular and plural ("bullet", "bullets"). */
  noun: readonly [string, string]
}) {
  const count = items.length
  // Items may repeat: each keyed by its text and how often it came before.
  const keys = occurrenceIds(items)
  const label =
    count === 0
      ? `Publishes no ${noun[1]}.`
      : `Publishes ${count} ${count === 1 ? noun[0] : noun[1]}:`
  return (
    <div
      id={`${id}-preview`}
      className="-mt-3 space-y-1.5 rounded-control border border-dashed border-line px-3 py-2 text-sm"
    >
      <p className="text-xs font-semibold text-muted">{label}</p>
      {count === 0 ? null : look === 'bullets' ? (
        <ul aria-label="What the save publishes" className="list-disc space-y-1 pl-5 text-body">
          {items.map((item, index) => (
            <li key={keys[index]} className="wrap-anywhere">
              {item}
            </li>
          ))}
        </ul>
      ) : (
        <ul aria-label="What the save publishes" className="flex flex-wrap gap-1.5">
          {items.map((item, index) => (
            <li
              key={keys[index]}
              className="rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-medium wrap-anywhere text-accent-ink ring-1 ring-accent-soft ring-inset"
            >
              {item}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
