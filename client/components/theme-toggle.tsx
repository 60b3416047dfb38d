import type { ReactNode } from 'react'
import { MonitorIcon, MoonIcon, SunIcon } from './icons'

/** One state of the control: its icon and its name, shown while it is the visitor's choice. */
function Option({ choice, next, icon }: { choice: string; next: string; icon: ReactNode }) {
  return (
    <span className={`theme-option theme-option-${choice}`}>
      {icon}
      <span className="sr-only">{`Theme: ${choice}. Switch to ${next}`}</span>
    </span>
  )
}

/**
 * The header's theme control: one button stepping through system → light →
 * dark, named by the current theme and the next; styles.css shows the icon
 * and the name of the choice on <html data-theme-choice> (the others are
 * display: none, so out of the accessibility tree too; no attribute: system).
 *
 * Without script it is a form: the press posts to /theme, which stores the
 * next choice in the `theme` cookie and sends the visitor back to this page
 * (its Referer),
 * rendered in it (server/http/pages/theme.ts). With script the press is
 * handled in place, without the request: on a public page by the island
 * loader (client/islands/loader.ts), on the app's pages by the head script
 * (client/lib/theme-script.ts).
 */
export function ThemeToggle() {
  return (
    <form method="post" action="/theme" className="contents">
      <button
        type="submit"
        data-theme-toggle=""
        className="grid size-10 shrink-0 place-items-center rounded-full text-muted transition-colors hover:bg-surface-sunken hover:text-strong"
      >
        <Option choice="system" next="light" icon={<MonitorIcon />} />
        <Option choice="light" next="dark" icon={<SunIcon />} />
        <Option choice="dark" next="system" icon={<MoonIcon />} />
      </button>
    </form>
  )
}
