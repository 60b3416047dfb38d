export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent'
const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 }

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void
  info(msg: string, fields?: Record<string, unknown>): void
  warn(msg: string, fields?: Record<string, unknown>): void
  error(msg: string, fields?: Record<string, unknown>): void
}

/** One JSON object per line on stdout/stderr. Callers never pass secrets. */
export function createLogger(level: LogLevel = 'info'): Logger {
  const write = (
    at: Exclude<LogLevel, 'silent'>,
    msg: string,
    fields?: Record<string, unknown>,
  ) => {
    if (order[at] < order[level]) return
    const line = JSON.stringify({ time: new Date().toISOString(), level: at, msg, ...fields })
    if (at === 'error' || at === 'warn') console.error(line)
    else console.log(line)
  }
  return {
    debug: (msg, fields) => write('debug', msg, fields),
    info: (msg, fields) => write('info', msg, fields),
    warn: (msg, fields) => write('warn', msg, fields),
    error: (msg, fields) => write('error', msg, fields),
  }
}

export function errorDetails(error: unknown): Record<string, unknown> {
  if (error instanceof Error) {
    return {
      error: error.message,
      stack: error.stack,
      cause: error.cause ? String(error.cause) : undefined,
    }
  }
  return { error: String(error) }
}
