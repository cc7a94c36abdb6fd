/**
 * The one answer to "is this request for the backend's dev endpoints?" (`/__dev/*`: sign-in codes,
 * state writes, delayed calls, the inbox). The backend routes on it, its CORS refuses on it, and
 * the local TLS front (scripts/lib/https-proxy.ts) refuses `/rio/<dev path>` on it, so what the
 * backend would serve as a dev endpoint and what is kept away from browsers are the same set of
 * paths by construction.
 */
import { normaliseTarget } from './request'

// ASCII letters only: without the `u` flag, `i` never folds a non-ASCII letter into an ASCII one.
const DEV_SEGMENT_ANY_CASE = /^__dev$/i

/**
 * Whether a request target addresses the dev endpoints: its first non-empty path segment, once dot
 * segments are resolved (`normaliseTarget`: `/x/../__dev` is `/__dev`) and that segment is
 * percent-decoded, is `__dev` in any letter case (`/__DEV`, `/%5F%5fdev`, `//__dev`). Nothing
 * else is: `__dev` further down the path, in the query, behind an encoded slash (`/%2F__dev`) or
 * with anything around it (`/__dev_`, `/__dev%20`) is not a dev path. A first segment whose
 * percent-encoding is malformed is not one either (the backend answers it 400).
 * @param target a request target as a server receives it, e.g. `/__dev/outbox?to=a%40example.com`
 */
export function isDevPath(target: string): boolean {
  const normalised = normaliseTarget(target)
  const queryAt = normalised.indexOf('?')
  const pathname = queryAt === -1 ? normalised : normalised.slice(0, queryAt)
  const first = pathname.split('/').find((segment) => segment !== '')
  if (first === undefined) return false
  let decoded: string
  try {
    decoded = decodeURIComponent(first)
  } catch {
    return false
  }
  return DEV_SEGMENT_ANY_CASE.test(decoded)
}
