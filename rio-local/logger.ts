/**
 * A small structured logger: one JSON object per line, with levels.
 * Writes to stdout/stderr streams directly (the project forbids console.log in shipped code).
 */

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent'

export type LogFields = Record<string, unknown>

export interface Logger {
  debug(msg: string, fields?: LogFields): void
  info(msg: string, fields?: LogFields): void
  warn(msg: string, fields?: LogFields): void
  error(msg: string, fields?: LogFields): void
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 }

/** Parses a level name, or returns undefined when it is not one. */
export function parseLogLevel(value: string): LogLevel | undefined {
  return value in RANK ? (value as LogLevel) : undefined
}

interface Sink {
  write(line: string): unknown
}

/**
 * Creates a logger that prints JSON lines at or above `level`.
 * @param level minimum level
 * @param sinks where lines go (defaults to process.stdout for debug/info, process.stderr above)
 */
export function createLogger(
  level: LogLevel = 'info',
  sinks: { out: Sink; err: Sink } = { out: process.stdout, err: process.stderr },
): Logger {
  const emit = (lvl: Exclude<LogLevel, 'silent'>, msg: string, fields?: LogFields) => {
    if (RANK[lvl] < RANK[level]) return
    const line = JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...fields })
    ;(RANK[lvl] >= RANK.warn ? sinks.err : sinks.out).write(line + '\n')
  }
  return {
    debug: (m, f) => emit('debug', m, f),
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
  }
}

/** A logger that drops everything (tests, in-process use by the web app's mocks). */
export const silentLogger: Logger = createLogger('silent')
