/**
 * `GET /__dev/inbox?key=KEY[&to=EMAIL][&limit=N]`: the dev outbox as a page a browser opens. A
 * navigation cannot send `X-Rio-Dev: 1`, so the page asks for a random per-process key in the URL
 * instead (printed by `npm run dev`; never logged, the request log has no query string): other web
 * pages in the developer's browser cannot guess it, and the page's headers keep it out of frames
 * and Referer headers. Dev mode and the no-proxy rule are checked by the caller (app.ts).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Storage } from '../../storage/types'
import { outboxQuery } from './dev-routes'
import { HttpError } from '../responses'
import { INBOX_CSP, renderInboxPage } from './inbox-page'
import type { BackendResponse } from '../wire-types'
import type { ParsedRequest } from '../wire-types'

/** Keys are at least this long (a generated one is 43 characters of base64url). */
export const MIN_INBOX_KEY_LENGTH = 32

/** A fresh random inbox key. */
export function newInboxKey(): string {
  return randomBytes(32).toString('base64url')
}

/** Constant-time comparison (of digests, so the lengths match too). */
function sameKey(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest()
  return timingSafeEqual(digest(given), digest(expected))
}

/**
 * Serves the inbox page.
 * @param key this process's inbox key
 * @throws HttpError 403 without the right key, 405 for anything but GET, 400 for a bad limit
 */
export function serveInbox(req: ParsedRequest, storage: Storage, key: string): BackendResponse {
  const given = req.query.key
  if (given === undefined || given === '' || !sameKey(given, key)) {
    throw new HttpError(403, 'INBOX_KEY_REQUIRED', 'The inbox needs the key npm run dev printed (…/__dev/inbox?key=…)')
  }
  if (req.method !== 'GET') throw new HttpError(405, 'METHOD_NOT_ALLOWED', 'Use GET for the inbox')
  const { to: address, limit } = outboxQuery(req.query)
  // A blank address (the page's filter form sent empty) means every address.
  const to = address || undefined
  return {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': INBOX_CSP,
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cache-control': 'no-store',
    },
    body: renderInboxPage(storage.listOutbox(to, limit), key, to),
  }
}
