import { Link } from '@tanstack/react-router'
import { cardClass, primaryButtonClass } from '../ui/form-controls'

/**
 * The admin's own 404: an address under /admin that names no screen, shown
 * inside the admin frame (its navigation beside it) with the spec's words;
 * the server answers such an address with a 404 status.
 */
export function AdminNotFound() {
  return (
    <section aria-labelledby="admin-not-found-title" className={`space-y-4 ${cardClass}`}>
      <h1 id="admin-not-found-title" className="text-3xl font-bold tracking-tight text-strong">
        Page Not Found.
      </h1>
      <p className="text-muted">Sorry, the page you are looking for does not exist.</p>
      <p className="text-sm text-muted">
        This address is not a screen of the admin: the menu lists every screen.
      </p>
      <Link to="/admin" className={primaryButtonClass}>
        Go to the dashboard
      </Link>
    </section>
  )
}
