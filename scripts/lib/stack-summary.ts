/**
 * What `npm run dev` and `npm run start:local` print once their stack runs: where each part is,
 * where the sign-in codes and e-mails arrive, and the dev endpoints. One list for both, so the
 * production stack tells a person as much as the dev one.
 */
import type { LocalStack } from './stack'

export interface SummaryOptions {
  /** What the app is: `next dev` (hot reload) or the production build. */
  app: 'dev' | 'production'
  /** The Retter project id the backend serves. */
  projectId: string
}

/**
 * Every part the stack runs, as the "Stopping …" line names them (localstripe too: a stop line
 * that left it out read as if it kept running).
 * @param app `next dev` or the production app
 */
export function stackPartsText(app: 'dev' | 'production'): string {
  return `${app === 'dev' ? 'next dev' : 'the app'}, localstripe, the backend and the emulator`
}

/**
 * The lines to print (without a trailing blank line), in the order a person needs them.
 * @param stack the running stack (its addresses)
 */
export function stackSummary(stack: Pick<LocalStack, 'appUrl' | 'backendUrl' | 'inboxUrl' | 'firestoreHost' | 'stripeUrl' | 'cert'>, options: SummaryOptions): string[] {
  const backend = stack.backendUrl
  const lines = [
    options.app === 'dev' ? `  App:       ${stack.appUrl}` : `  App:       ${stack.appUrl} (the production build)`,
    // Next prints its own address on the [next] lines; without the front it has no /rio.
    `             (the http://127.0.0.1 address on the [next] lines is next ${options.app === 'dev' ? 'dev' : 'start'} behind it: no /rio there)`,
    `  Backend:   ${backend} (project ${options.projectId})`,
    `  Stripe:    ${stack.stripeUrl} (localstripe; test card 4242 4242 4242 4242, any future date, any CVC)`,
    stack.firestoreHost ? `  Firestore: http://${stack.firestoreHost} (emulator)` : '  Firestore: off (no live updates; see the line above for what to install)',
    `  Inbox:     ${stack.inboxUrl} (every e-mail, rendered; the key is this run's)`,
    `  One-time codes: in that inbox, on the [backend] lines below, and at curl -H 'X-Rio-Dev: 1' '${backend}/__dev/outbox?to=you@example.com'`,
    `  Delayed calls: curl -H 'X-Rio-Dev: 1' ${backend}/__dev/tasks lists them; -X POST …/__dev/tasks/run runs those due`,
    `  Test clock: curl -H 'X-Rio-Dev: 1' -H 'content-type: application/json' -d '{"advanceSeconds":86400}' ${backend}/__dev/clock moves a day on`,
  ]
  if (stack.cert.origin === 'self-signed' || stack.cert.origin === 'existing') {
    lines.push('  The certificate in .certs/ is self-signed unless mkcert made it: accept the browser warning once, or install mkcert and delete .certs/.')
  }
  return lines
}
