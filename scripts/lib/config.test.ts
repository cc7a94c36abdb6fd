/** The local stack's ports: loopback only. */
import { readPorts } from './config'

test('the defaults are loopback ports', () => {
  expect(readPorts({})).toEqual({ app: 3000, backend: 4000, firestoreHost: '127.0.0.1', firestore: 8080, stripe: 8420 })
})

test.each(['0.0.0.0:8080', '192.168.1.20:8080', 'example.com:8080'])('FIRESTORE_EMULATOR_HOST=%s is refused: the emulator stays on loopback', (value) => {
  expect(() => readPorts({ FIRESTORE_EMULATOR_HOST: value })).toThrow(/FIRESTORE_EMULATOR_HOST must be a loopback address/)
})

test('localhost on another port is fine', () => {
  expect(readPorts({ FIRESTORE_EMULATOR_HOST: 'localhost:9090' })).toMatchObject({ firestoreHost: 'localhost', firestore: 9090 })
})
