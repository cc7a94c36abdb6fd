/** Waiting until a started part answers, failing fast when it died instead. */
import http from 'node:http'
import https from 'node:https'
import type { RunningChild } from './processes'

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

export interface WaitOptions {
  /** Human name used in the error message. */
  what: string
  timeoutMs: number
  /** The process that should answer: if it exits first, waiting stops at once. */
  child?: RunningChild
  intervalMs?: number
  /** The statuses that count as an answer (default: any). */
  accept?: (status: number) => boolean
}

/** Polls `url` until an HTTP status `accept` takes comes back (any by default); throws with a clear message on timeout or child exit. */
export async function waitForHttp(url: string, options: WaitOptions): Promise<void> {
  const deadline = Date.now() + options.timeoutMs
  // A status `accept` refused, for the message: something else may be answering on that port.
  let last: number | null = null
  while (Date.now() < deadline) {
    if (options.child?.hasExited()) {
      throw new Error(`${options.what} exited before it answered on ${url} (exit ${String(await options.child.exited)}); see its log lines above.`)
    }
    const status = await probe(url)
    if (status !== null && (options.accept?.(status) ?? true)) return
    last = status ?? last
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 250))
  }
  throw new Error(`${options.what} did not answer on ${url} within ${Math.round(options.timeoutMs / 1000)} s${last === null ? '' : ` (last status ${last})`}.`)
}
