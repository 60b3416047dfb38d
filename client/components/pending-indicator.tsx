export function PendingIndicator() {
  return (
    <div role="status" aria-live="polite" className="py-16 text-center text-muted">
      Gathering data…
    </div>
  )
}
