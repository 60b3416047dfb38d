/** The first message per top-level field, as a form shows them next to inputs. */
export function issuesByField(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): Record<string, string> {
  const byField: Record<string, string> = {}
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '_')
    byField[key] ??= issue.message
  }
  return byField
}

/** All messages in one readable sentence for the alert above the buttons. */
export function issuesSummary(issues: ReadonlyArray<{ message: string }>): string {
  const messages = [...new Set(issues.map((issue) => issue.message.trim()))]
  return messages.map((message) => (/[.!?]$/.test(message) ? message : `${message}.`)).join(' ')
}
