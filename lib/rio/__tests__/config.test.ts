/**
 * The Retter client's configuration: each mistake is refused with its own whole message, naming the
 * variable; the first mistake (in the order the variables are read) is the one reported; what is
 * valid passes, trimmed, with its defaults.
 */
import fc from 'fast-check'
import { readRioConfig, RioConfigError, type RioEnv } from '@/lib/rio/config'
import { localEnv } from './local-env'

/** The message readRioConfig throws for `env`, or null when it accepts it. */
function refusal(env: RioEnv, browserHost?: string): string | null {
  try {
    readRioConfig(env, browserHost)
    return null
  } catch (error) {
    expect(error).toBeInstanceOf(RioConfigError)
    expect((error as RioConfigError).code).toBe('CONFIG')
    return (error as Error).message
  }
}

test.each<[string, RioEnv, string | undefined, string]>([
  ['no project id', { ...localEnv, NEXT_PUBLIC_RIO_PROJECT_ID: '  ' }, 'localhost',
    'NEXT_PUBLIC_RIO_PROJECT_ID is not set: the Retter project id the app talks to. Add it to .env.local (see .env.example).'],
  ['a project id with a dot', { ...localEnv, NEXT_PUBLIC_RIO_PROJECT_ID: 'coffee.local' }, 'localhost',
    'NEXT_PUBLIC_RIO_PROJECT_ID must contain only letters, digits, "-" and "_" (got "coffee.local").'],
  ['an unknown region', { ...localEnv, NEXT_PUBLIC_RIO_REGION: 'usEast1' }, 'localhost',
    'NEXT_PUBLIC_RIO_REGION must be one of euWest1, euWest1Beta (got "usEast1").'],
  ['local mode without a url or a browser host', localEnv, undefined,
    'NEXT_PUBLIC_RIO_URL is not set and there is no browser host to default to (local mode uses `${host}/rio`).'],
  ['a url with a scheme', { ...localEnv, NEXT_PUBLIC_RIO_URL: 'https://localhost:3000/rio' }, 'localhost',
    'NEXT_PUBLIC_RIO_URL must be a host with optional port and path, without a scheme, e.g. "localhost:3000/rio" (got "https://localhost:3000/rio").'],
  ['no Firebase API key', { ...localEnv, NEXT_PUBLIC_FIREBASE_API_KEY: undefined }, 'localhost',
    'NEXT_PUBLIC_FIREBASE_API_KEY is not set: the API key the local backend puts in its Firebase block. Add it to .env.local (see .env.example).'],
  ['no Firebase project id', { ...localEnv, NEXT_PUBLIC_FIREBASE_PROJECT_ID: '' }, 'localhost',
    'NEXT_PUBLIC_FIREBASE_PROJECT_ID is not set: the Firebase project id of the emulators. Add it to .env.local (see .env.example).'],
  ['no Auth emulation url', { ...localEnv, NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL: undefined }, 'localhost',
    'NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL is not set: where the Firebase Auth emulation listens. Add it to .env.local (see .env.example).'],
  ['an Auth emulation url without a scheme', { ...localEnv, NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL: '127.0.0.1:4000' }, 'localhost',
    'NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL must start with http:// or https:// (got "127.0.0.1:4000").'],
  ['no Firestore emulator', { ...localEnv, NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST: undefined }, 'localhost',
    'NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST is not set: the Firestore emulator as host:port. Add it to .env.local (see .env.example).'],
  ['a Firestore emulator without a port', { ...localEnv, NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST: '127.0.0.1' }, 'localhost',
    'NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST must be host:port, e.g. "127.0.0.1:8080" (got "127.0.0.1").'],
  ['a Firestore emulator port out of range', { ...localEnv, NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST: '127.0.0.1:70000' }, 'localhost',
    'NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST must be host:port, e.g. "127.0.0.1:8080" (got "127.0.0.1:70000").'],
  ['several mistakes: the first read is reported', { ...localEnv, NEXT_PUBLIC_RIO_REGION: 'x', NEXT_PUBLIC_FIREBASE_API_KEY: '' }, undefined,
    'NEXT_PUBLIC_RIO_REGION must be one of euWest1, euWest1Beta (got "x").'],
])('%s: refused with its whole message', (_case, env, browserHost, message) => {
  expect(refusal(env, browserHost)).toBe(message)
})

test('local mode defaults the SDK url to the page host plus /rio and reads the emulators', () => {
  const config = readRioConfig(localEnv, 'localhost:3000')
  expect(config).toMatchObject({
    local: true, projectId: 'coffee-local', region: 'euWest1', culture: 'en-us', url: 'localhost:3000/rio',
    emulators: { authEmulatorUrl: 'http://127.0.0.1:4000', firestoreHost: '127.0.0.1', firestorePort: 8080 },
  })
})

test('cloud mode needs no emulator settings and keeps the region', () => {
  expect(readRioConfig({ NEXT_PUBLIC_RIO_PROJECT_ID: 'abc123', NEXT_PUBLIC_RIO_REGION: 'euWest1Beta' }))
    .toEqual({ local: false, projectId: 'abc123', region: 'euWest1Beta', url: undefined, culture: 'en-us' })
})

test('values are trimmed, and the defaults fill what is unset', () => {
  expect(readRioConfig({ ...localEnv, NEXT_PUBLIC_RIO_PROJECT_ID: ' coffee-local ', NEXT_PUBLIC_RIO_CULTURE: ' ' }, 'localhost:3000')).toEqual({
    local: true, projectId: 'coffee-local', region: 'euWest1', url: 'localhost:3000/rio', culture: 'en-us',
    emulators: { firebaseApiKey: 'local-dev-key', firebaseProjectId: 'demo-coffee-local', authEmulatorUrl: 'http://127.0.0.1:4000', firestoreHost: '127.0.0.1', firestorePort: 8080 },
  })
  expect(readRioConfig({ NEXT_PUBLIC_RIO_PROJECT_ID: 'p', NEXT_PUBLIC_RIO_URL: ' api.example.com/rio ', NEXT_PUBLIC_RIO_CULTURE: 'de-de', NEXT_PUBLIC_RIO_LOCAL: 'true' }))
    .toEqual({ local: false, projectId: 'p', region: 'euWest1', url: 'api.example.com/rio', culture: 'de-de' })
})

test('property: a project id is accepted exactly when, trimmed, it is letters, digits, "-" and "_"', () => {
  fc.assert(fc.property(fc.string({ maxLength: 12 }), (raw) => {
    const trimmed = raw.trim()
    const message = refusal({ NEXT_PUBLIC_RIO_PROJECT_ID: raw })
    if (trimmed === '') expect(message).toMatch(/^NEXT_PUBLIC_RIO_PROJECT_ID is not set/)
    else if (/^[A-Za-z0-9_-]+$/.test(trimmed)) expect(message).toBeNull()
    else expect(message).toBe(`NEXT_PUBLIC_RIO_PROJECT_ID must contain only letters, digits, "-" and "_" (got "${trimmed}").`)
  }))
})

test('property: the Firestore emulator is accepted exactly as host:port with a port from 1 to 65535', () => {
  fc.assert(fc.property(fc.oneof(fc.string({ maxLength: 16 }), fc.tuple(fc.domain(), fc.integer({ min: 0, max: 99999 })).map(([host, port]) => `${host}:${port}`)), (raw) => {
    const message = refusal({ ...localEnv, NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST: raw }, 'localhost')
    const trimmed = raw.trim()
    const match = /^([^:/\s]+):(\d{1,5})$/.exec(trimmed)
    const port = match ? Number(match[2]) : NaN
    if (trimmed === '') expect(message).toMatch(/^NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST is not set/)
    else if (match && port > 0 && port < 65536) expect(message).toBeNull()
    else expect(message).toBe(`NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST must be host:port, e.g. "127.0.0.1:8080" (got "${trimmed}").`)
  }))
})
