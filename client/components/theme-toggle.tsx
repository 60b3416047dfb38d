import { useEffect, useSyncExternalStore } from 'react'
import {
  applyStoredTheme,
  currentThemeChoice,
  nextThemeChoice,
  setThemeChoice,
  type ThemeChoice,
} from '../lib/theme'
import { MonitorIcon, MoonIcon, SunIcon } from './icons'

const names: Record<ThemeChoice, string> = {
  system: 'system (as your device)',
  light: 'light',
  dark: 'dark',
}

/** Re-renders when the choice on <html> changes (this control, another tab). */
function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange)
  observer.observe(document.documentElement, { attributeFilter: ['data-theme-choice'] })
  return () => observer.disconnect()
}

/**
 * The header's theme control: one button stepping through system → light →
 * dark, its name saying the current theme and the next. Its icon is chosen
 * by CSS from <html data-theme-choice> (styles.css), so it is right from the
 * first paint; the server renders the name for "system", and the browser's
 * first render after hydration corrects it.
 */
export function ThemeToggle() {
  const choice = useSyncExternalStore(subscribe, currentThemeChoice, () => 'system' as const)
  const next = nextThemeChoice(choice)
  useEffect(applyStoredTheme, [])
  return (
    <button
      type="button"
      onClick={() => setThemeChoice(next)}
      aria-label={`Theme: ${names[choice]}. Switch to ${names[next]}`}
      title={`Theme: ${names[choice]}`}
      className="grid size-10 shrink-0 place-items-center rounded-full text-muted transition-colors hover:bg-surface-sunken hover:text-strong"
    >
      <SunIcon className="theme-icon theme-icon-light" />
      <MoonIcon className="theme-icon theme-icon-dark" />
      <MonitorIcon className="theme-icon theme-icon-system" />
    </button>
  )
}
