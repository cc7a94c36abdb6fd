/** The local stack's ports: loopback only. */
import { BROWSER_ENV } from '../../lib/browser-env'
import { browserEnvFor, readPorts } from './config'

test('the defaults are loopback ports', () => {
  expect(readPorts({})).toEqual({ app: 3000, backend: 4000, firestoreHost: '127.0.0.1', firestore: 8080, stripe: 8420 })
})

test.each(['0.0.0.0:8080', '192.168.1.20:8080', 'example.com:8080'])('FIRESTORE_EMULATOR_HOST=%s is refused: the emulator stays on loopback', (value) => {
  expect(() => readPorts({ FIRESTORE_EMULATOR_HOST: value })).toThrow(/FIRESTORE_EMULATOR_HOST must be a loopback address/)
})

test('localhost on another port is fine', () => {
  expect(readPorts({ FIRESTORE_EMULATOR_HOST: 'localhost:9090' })).toMatchObject({ firestoreHost: 'localhost', firestore: 9090 })
})

test('[::1] is loopback too, and keeps its brackets (FIRESTORE_EMULATOR_HOST and the browser variable are host:port)', () => {
  expect(readPorts({ FIRESTORE_EMULATOR_HOST: '[::1]:8181' })).toMatchObject({ firestoreHost: '[::1]', firestore: 8181 })
})

test('a FIRESTORE_EMULATOR_HOST that is not host:port is refused with what is wrong', () => {
  expect(() => readPorts({ FIRESTORE_EMULATOR_HOST: 'localhost' })).toThrow('FIRESTORE_EMULATOR_HOST must be host:port (e.g. 127.0.0.1:8080, or [::1]:8080 for IPv6): the port is missing, got "localhost".')
})

test.each(['PORT', 'RIO_LOCAL_PORT', 'LOCALSTRIPE_PORT'])('%s must be a port; blank means the default', (name) => {
  expect(() => readPorts({ [name]: '70000' })).toThrow(`${name} must be a port number between 1 and 65535, got "70000".`)
  expect(() => readPorts({ [name]: 'x' })).toThrow(`${name} must be a port number between 1 and 65535, got "x".`)
  expect(readPorts({ [name]: '' })).toEqual(readPorts({}))
})

test('every bad variable is told at once, one line each', () => {
  expect(() => readPorts({ FIRESTORE_EMULATOR_HOST: '0.0.0.0:8080', PORT: '0', LOCALSTRIPE_PORT: '1.5' })).toThrow(
    'FIRESTORE_EMULATOR_HOST must be a loopback address (127.0.0.1, localhost or [::1]), got "0.0.0.0".\n' +
      'PORT must be a port number between 1 and 65535, got "0".\n' +
      'LOCALSTRIPE_PORT must be a port number between 1 and 65535, got "1.5".',
  )
})

test('every browser variable the stack sets is one the app inlines (lib/browser-env.js), with the ports it runs on', () => {
  const ports = readPorts({ PORT: '3100', RIO_LOCAL_PORT: '4100', FIRESTORE_EMULATOR_HOST: '[::1]:8181', LOCALSTRIPE_PORT: '8500' })
  const env = browserEnvFor(ports)
  for (const name of Object.keys(env)) expect(BROWSER_ENV).toContain(name)
  expect(env).toMatchObject({
    NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL: 'http://127.0.0.1:4100',
    NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST: '[::1]:8181',
    NEXT_PUBLIC_STRIPE_JS_URL: 'http://127.0.0.1:8500/js.stripe.com/v3/',
  })
})
