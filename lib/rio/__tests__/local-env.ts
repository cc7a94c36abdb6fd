/** The Retter client's variables as the local stack sets them (.env), for the config and client tests. */
import type { RioEnv } from '@/lib/rio/config'

export const localEnv: RioEnv = {
  NEXT_PUBLIC_RIO_LOCAL: '1',
  NEXT_PUBLIC_RIO_PROJECT_ID: 'coffee-local',
  NEXT_PUBLIC_FIREBASE_API_KEY: 'local-dev-key',
  NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'demo-coffee-local',
  NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL: 'http://127.0.0.1:4000',
  NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
}
