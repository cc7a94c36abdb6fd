/** What the local stack tells its backend: the e-mails link to the app where it really runs. */
import { backendEnvFor } from './stack'
import { readPorts } from './config'
import { assertShopEnv, LOCALSTRIPE_REQUESTS_PER_SECOND } from './shop-env'

const keys = { inboxKey: 'inbox-key', frontSecret: 'front-secret', liveState: true }

test('the e-mails link to the app on the port it runs on (PORT), and CORS allows that origin', () => {
  const env = { PORT: '3100', RIO_LOCAL_PORT: '4100' }
  const backend = backendEnvFor({ env, ports: readPorts(env), ...keys })
  expect(backend.APP_URL).toBe('https://localhost:3100')
  expect(backend.RIO_LOCAL_ALLOWED_ORIGINS).toBe('https://localhost:3100')
  expect(backend.RIO_LOCAL_PORT).toBe('4100')
})

test('without PORT (or with an empty APP_URL, as .env.example has it) that is https://localhost:3000', () => {
  const env = { APP_URL: ' ' }
  expect(backendEnvFor({ env, ports: readPorts(env), ...keys }).APP_URL).toBe('https://localhost:3000')
})

test('an APP_URL set on purpose (a tunnel to this machine) is kept; the caller\'s backendEnv wins over both', () => {
  const env = { PORT: '3100', APP_URL: 'https://beans.tunnel.example' }
  expect(backendEnvFor({ env, ports: readPorts(env), ...keys }).APP_URL).toBe('https://beans.tunnel.example')
  expect(backendEnvFor({ env, ports: readPorts(env), ...keys, extra: { APP_URL: 'https://x.example' } }).APP_URL).toBe('https://x.example')
})

test('the stack\'s backend gets the shop\'s local settings and passes its checks with localstripe; a real Stripe without its webhook secret is refused', () => {
  const env = { PORT: '3100' }
  const backend = backendEnvFor({ env, ports: readPorts(env), ...keys })
  expect(backend).toMatchObject({ CUSTOMER_ID_SECRET: expect.any(String), MAIL_FROM: expect.any(String), CHANGE_MAIL_DIGEST_SECONDS: '0' })
  expect(() => assertShopEnv(backend)).not.toThrow()
  const real = backendEnvFor({ env, ports: readPorts(env), ...keys, extra: { STRIPE_API_URL: '', STRIPE_SECRET_KEY: 'sk_test_51HxReal' } })
  expect(() => assertShopEnv(real)).toThrow(/STRIPE_WEBHOOK_SECRET is not set/)
})

test('a blank shop setting in the environment (NAME= in a .env file) still gets the shop\'s local default', () => {
  const env = { CUSTOMER_ID_SECRET: '', CHANGE_MAIL_DIGEST_SECONDS: ' ' }
  const backend = backendEnvFor({ env, ports: readPorts(env), ...keys })
  expect(backend.CUSTOMER_ID_SECRET).toBe('rio-local-customer-id-secret-for-development-only')
  expect(backend.CHANGE_MAIL_DIGEST_SECONDS).toBe('0')
})

test('the stack lifts the classes\' ceiling toward Stripe for its localstripe, keeps one the environment sets, and never lifts it for a real Stripe', () => {
  const env = { PORT: '3100' }
  expect(backendEnvFor({ env, ports: readPorts(env), ...keys }).STRIPE_MAX_REQUESTS_PER_SECOND).toBe(LOCALSTRIPE_REQUESTS_PER_SECOND)
  const own = { PORT: '3100', STRIPE_MAX_REQUESTS_PER_SECOND: '5' }
  expect(backendEnvFor({ env: own, ports: readPorts(own), ...keys }).STRIPE_MAX_REQUESTS_PER_SECOND).toBe('5')
  const real = backendEnvFor({ env, ports: readPorts(env), ...keys, extra: { STRIPE_API_URL: '', STRIPE_SECRET_KEY: 'sk_test_51HxReal' } })
  expect(real.STRIPE_MAX_REQUESTS_PER_SECOND).toBeUndefined()
})
