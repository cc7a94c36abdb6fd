/**
 * Waiting until a started part answers, ONE way (`waitUntil` polls a check), failing fast when the
 * process that should answer died instead.
 */
import http from 'node:http'
import https from 'node:https'
import type { ExitStatus, RunningChild } from './processes'

/** Resolves with the status of one GET, or null when nothing answered. TLS is not verified (local self-signed certs). */
export function probe(url: string, timeoutMs = 2000): Promise<number | null> {
  return new Promise((resolve) => {
    const client = url.startsWith('https:') ? https : http
    const req = client.get(url, { rejectUnauthorized: false, timeout: timeoutMs }, (res) => {
      res.resume()
      resolve(res.statusCode ?? null)
    })
    req.on('timeout', () => req.destroy())
    req.on('error', () => resolve(null))
  })
}

export interface WaitUntilOptions {
  timeoutMs: number
  /** Pause between checks (default 250 ms). */
  intervalMs?: number
  /** The process that should answer: if it exits first, waiting stops at once. */
  child?: RunningChild
}

/** How a wait ended: the check passed, time ran out, or the child exited first (with its status). */
export type WaitOutcome = { kind: 'ready' } | { kind: 'timeout' } | { kind: 'exited'; status: ExitStatus }

/**
 * Calls `check` until it resolves true, `timeoutMs` has passed, or `options.child` has exited;
 * says which. The caller words the failure (each part has its own advice).
 */
export async function waitUntil(check: () => Promise<boolean>, options: WaitUntilOptions): Promise<WaitOutcome> {
  const deadline = Date.now() + options.timeoutMs
  for (;;) {
    if (options.child?.hasExited()) return { kind: 'exited', status: await options.child.exited }
    if (await check()) return { kind: 'ready' }
    if (Date.now() >= deadline) return { kind: 'timeout' }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 250))
  }
}

export interface WaitOptions extends WaitUntilOptions {
  /** Human name used in the error message. */
  what: string
  /** The statuses that count as an answer (default: any). */
  accept?: (status: number) => boolean
}

/**
 * Polls `url` until an HTTP status `accept` takes comes back (any by default).
 * @throws with a clear message on timeout (naming the last refused status) or when the child exits first
 */
export async function waitForHttp(url: string, options: WaitOptions): Promise<void> {
  // A status `accept` refused, for the message: something else may be answering on that port.
  let last: number | null = null
  const outcome = await waitUntil(async () => {
    const status = await probe(url)
    if (status !== null && (options.accept?.(status) ?? true)) return true
    last = status ?? last
    return false
  }, options)
  if (outcome.kind === 'exited') {
    throw new Error(`${options.what} exited before it answered on ${url} (exit ${String(outcome.status)}); see its log lines above.`)
  }
  if (outcome.kind === 'timeout') {
    throw new Error(`${options.what} did not answer on ${url} within ${Math.round(options.timeoutMs / 1000)} s${last === null ? '' : ` (last status ${String(last)})`}.`)
  }
}
