/** Names shared by the e2e global setup (which starts the stack) and the journeys (which use it). */

/** Environment variables global setup sets for the test workers. */
export const E2E_ENV = {
  baseUrl: 'E2E_BASE_URL',
  backendUrl: 'E2E_BACKEND_URL',
  controlUrl: 'E2E_CONTROL_URL',
  stripeUrl: 'E2E_STRIPE_URL',
} as const

export const E2E_PROJECT_ID = 'coffee-local'
/** The one staff address of the e2e stack (its STAFF_EMAILS): signs in with identity `staff`. */
export const E2E_STAFF_EMAIL = 'e2e.staff@example.com'
/** Short enough that the token-refresh journey (session.spec.ts) crosses the SDK's 30 s refresh margin and the expiry itself. */
export const E2E_ACCESS_TOKEN_TTL_SECONDS = 45

/** Reads a variable global setup must have set; a clear error if the run was started some other way. */
export function requireEnv(name: string): string {
  const value = process.env[name]
  if (!value) throw new Error(`${name} is not set: run the journeys with \`npm run test:e2e\` so global setup starts the stack.`)
  return value
}
