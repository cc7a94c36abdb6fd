/** A logger that keeps its lines, for tests that assert what the runtime logged. */
import type { LogFields, Logger } from '../logger'

export interface LoggedLine {
  level: 'debug' | 'info' | 'warn' | 'error'
  msg: string
  fields: LogFields
}

/** A Logger plus the lines it received, oldest first. */
export function recordingLogger(): Logger & { lines: LoggedLine[]; at(level: LoggedLine['level']): LoggedLine[] } {
  const lines: LoggedLine[] = []
  const add = (level: LoggedLine['level']) => (msg: string, fields: LogFields = {}) => {
    lines.push({ level, msg, fields })
  }
  return {
    lines,
    at: (level) => lines.filter((l) => l.level === level),
    debug: add('debug'),
    info: add('info'),
    warn: add('warn'),
    error: add('error'),
  }
}
