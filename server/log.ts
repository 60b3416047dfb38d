import { writeSync } from 'node:fs'

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent'
const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 }

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void
  info(msg: string, fields?: Record<string, unknown>): void
  warn(msg: string, fields?: Record<string, unknown>): void
  error(msg: string, fields?: Record<string, unknown>): void
  /** Whether lines of this level are written (callers skip building fields otherwise). */
  enabled?(level: Exclude<LogLevel, 'silent'>): boolean
  /** Writes out buffered lines (before the process exits). */
  flush?(): void
  /**
   * Writes a line its caller made: a JSON object whose first members are
   * `"time":…,"level":…` as every other line's (the request log, which
   * makes its line by hand: JSON.stringify of an object was half its cost).
   */
  raw?(level: Exclude<LogLevel, 'silent'>, line: (time: string) => string): void
}

/** At most this long between a line and its write to stdout. */
export const LOG_FLUSH_MS = 100
/** Buffered lines are written once they hold this many characters. */
const FLUSH_CHARS = 64 * 1024

/** Writes all of `text` to stdout before returning, however slowly the reader takes it. */
function writeAll(text: string): void {
  let bytes = Buffer.from(text)
  while (bytes.length > 0) {
    try {
      bytes = bytes.subarray(writeSync(1, bytes))
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      // A full pipe whose descriptor does not block: wait for the reader.
      if (code === 'EAGAIN') Bun.sleepSync(1)
      // Nobody reads any more (the pipe closed): the lines have nowhere to go.
      else if (code === 'EPIPE') return
      else throw error
    }
  }
}

/**
 * Info and debug lines (one per request at LOG_LEVEL=info) go to stdout
 * through a buffer written with one system call when it holds 64 KB or
 * LOG_FLUSH_MS after its first line, whichever comes first. console.log writes
 * each line with its own system call (~2.5 µs, a fifth of a cached answer's
 * cost), and so does Bun's stdout writer when stdout is a pipe (systemd,
 * Docker): ~4 µs of the server's CPU per request there, and half its
 * throughput on two cores with the reader waking for each line
 * (docs/performance.md). The lines are joined here instead. The write is
 * synchronous, as Node's stdout is to pipes and files on Linux: a buffered
 * writer (Bun's FileSink) could still hold lines when the process exits, and
 * a slow reader then lost them. The server flushes before it exits. Warnings
 * and errors stay unbuffered on stderr.
 */
function bufferedStdout() {
  let pending = ''
  let timer: ReturnType<typeof setTimeout> | undefined
  const flush = () => {
    if (timer) clearTimeout(timer)
    timer = undefined
    if (!pending) return
    const text = pending
    pending = ''
    writeAll(text)
  }
  process.once('exit', flush)
  return {
    write(line: string) {
      pending += `${line}\n`
      if (pending.length >= FLUSH_CHARS) flush()
      else if (!timer) {
        timer = setTimeout(flush, LOG_FLUSH_MS)
        timer.unref?.()
      }
    },
    flush,
  }
}

let stdout: ReturnType<typeof bufferedStdout> | undefined

let lastMs = 0
let lastTime = ''
/** The time of a line: made once per millisecond (a server under load writes dozens in one). */
function timeNow(): string {
  const now = Date.now()
  if (now !== lastMs) {
    lastMs = now
    lastTime = new Date(now).toISOString()
  }
  return lastTime
}

/** One JSON object per line on stdout/stderr. Callers never pass secrets. */
export function createLogger(level: LogLevel = 'info'): Logger {
  const write = (
    at: Exclude<LogLevel, 'silent'>,
    msg: string,
    fields?: Record<string, unknown>,
  ) => {
    if (order[at] < order[level]) return
    const line = JSON.stringify({ time: timeNow(), level: at, msg, ...fields })
    if (at === 'error' || at === 'warn') console.error(line)
    else {
      stdout ??= bufferedStdout()
      stdout.write(line)
    }
  }
  return {
    enabled: (at) => order[at] >= order[level],
    flush: () => stdout?.flush(),
    raw(at, line) {
      if (order[at] < order[level]) return
      const text = line(timeNow())
      if (at === 'error' || at === 'warn') console.error(text)
      else {
        stdout ??= bufferedStdout()
        stdout.write(text)
      }
    },
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
