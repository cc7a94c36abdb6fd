/** What npm run dev and npm run start:local print once their stack runs. */
import { stackPartsText, stackSummary } from './stack-summary'

const stack = {
  appUrl: 'https://localhost:3100',
  backendUrl: 'http://127.0.0.1:4100',
  inboxUrl: 'http://127.0.0.1:4100/__dev/inbox?key=run-key',
  firestoreHost: '127.0.0.1:8180',
  stripeUrl: 'http://127.0.0.1:8520',
  cert: { keyFile: 'k', certFile: 'c', origin: 'mkcert' as const },
}

test.each(['dev', 'production'] as const)('%s: says where the sign-in codes arrive (the inbox link, the [backend] lines, the outbox)', (app) => {
  const text = stackSummary(stack, { app, projectId: 'coffee-local' }).join('\n')
  expect(text).toContain('Inbox:     http://127.0.0.1:4100/__dev/inbox?key=run-key')
  expect(text).toMatch(/One-time codes: in that inbox, on the \[backend\] lines below, and at curl .*'http:\/\/127\.0\.0\.1:4100\/__dev\/outbox\?to=you@example\.com'/)
  expect(text).toContain('App:       https://localhost:3100')
  expect(text).toContain('Firestore: http://127.0.0.1:8180 (emulator)')
})

test('the production stack says it serves the production build, behind next start', () => {
  const text = stackSummary(stack, { app: 'production', projectId: 'coffee-local' }).join('\n')
  expect(text).toContain('https://localhost:3100 (the production build)')
  expect(text).toContain('next start behind it')
})

test('without the emulator it says live updates are off; a self-signed certificate gets its hint', () => {
  const lines = stackSummary({ ...stack, firestoreHost: undefined, cert: { ...stack.cert, origin: 'self-signed' } }, { app: 'dev', projectId: 'p' })
  expect(lines).toContain('  Firestore: off (no live updates; see the line above for what to install)')
  expect(lines.at(-1)).toMatch(/self-signed unless mkcert made it/)
})

test('the stop line names every part of the stack, localstripe included', () => {
  expect(stackPartsText('dev')).toBe('next dev, localstripe, the backend and the emulator')
  expect(stackPartsText('production')).toBe('the app, localstripe, the backend and the emulator')
})
