/*
 * What a form held when its save met a 401 (the session had ended): kept in
 * this tab's sessionStorage under the form's key, never sent anywhere, and
 * put back in the form once the owner has signed in again. One draft per
 * form, dropped once the form shows it.
 */

const PREFIX = 'form-draft:'

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage
  } catch {
    return null
  }
}

export function keepDraft(key: string, values: unknown): void {
  try {
    store()?.setItem(PREFIX + key, JSON.stringify(values))
  } catch {
    // Storage full or refused: the form keeps its values on screen at least.
  }
}

/** The draft kept for this form; null when none (or unreadable). */
export function readDraft<V>(key: string): V | null {
  const text = store()?.getItem(PREFIX + key)
  if (text == null) return null
  try {
    return JSON.parse(text) as V
  } catch {
    return null
  }
}

/** The form holds the draft now: storage lets it go. */
export function dropDraft(key: string): void {
  store()?.removeItem(PREFIX + key)
}
