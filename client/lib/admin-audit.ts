/**
 * How many audit entries a page of the log holds: the audit screen's list
 * (components/admin/security/audit-log.tsx) asks for its pages with it, and
 * the route's loader for the first one, which the list then finds in the
 * cache. Here rather than beside the list, so the route's loader (which the
 * server loads with the route tree) does not bring the list's code with it.
 */
export const AUDIT_PAGE_SIZE = 50
