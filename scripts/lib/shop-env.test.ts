/** The shop's own settings for the local runtime: its Stripe checks and its local defaults. */
import fc from 'fast-check'
import { LOCAL_STRIPE_SECRET_KEY } from './localstripe'
import { assertShopEnv, localstripeCeiling, LOCALSTRIPE_REQUESTS_PER_SECOND, shopDefaults, stripeProblems } from './shop-env'

const KEY = { STRIPE_SECRET_KEY: 'sk_test_config_tests' }

test('the shop\'s local defaults fill only what the environment leaves unset or blank', () => {
  expect(shopDefaults({})).toEqual({
    CUSTOMER_ID_SECRET: 'rio-local-customer-id-secret-for-development-only',
    MAIL_FROM: 'Bean & Bloom (local) <no-reply@localhost>',
    APP_URL: 'https://localhost:3000',
    CHANGE_MAIL_DIGEST_SECONDS: '0',
  })
  expect(shopDefaults({ APP_URL: 'https://beans.example', CHANGE_MAIL_DIGEST_SECONDS: ' ', MAIL_FROM: 'x@y.example' })).toEqual({
    CUSTOMER_ID_SECRET: 'rio-local-customer-id-secret-for-development-only',
    CHANGE_MAIL_DIGEST_SECONDS: '0',
  })
})

test('the classes\' ceiling toward Stripe is lifted for localstripe alone, and only where none is set', () => {
  const local = { STRIPE_API_URL: 'http://127.0.0.1:8420', STRIPE_SECRET_KEY: LOCAL_STRIPE_SECRET_KEY }
  expect(localstripeCeiling(local)).toEqual({ STRIPE_MAX_REQUESTS_PER_SECOND: LOCALSTRIPE_REQUESTS_PER_SECOND })
  expect(localstripeCeiling({ ...local, STRIPE_MAX_REQUESTS_PER_SECOND: ' ' })).toEqual({ STRIPE_MAX_REQUESTS_PER_SECOND: LOCALSTRIPE_REQUESTS_PER_SECOND })
  expect(localstripeCeiling({ ...local, STRIPE_MAX_REQUESTS_PER_SECOND: '5' })).toEqual({})
  // A real Stripe, or none, keeps the classes' own default (Stripe's limit).
  expect(localstripeCeiling({ STRIPE_API_URL: 'https://api.stripe.com', STRIPE_SECRET_KEY: LOCAL_STRIPE_SECRET_KEY })).toEqual({})
  expect(localstripeCeiling({ STRIPE_SECRET_KEY: 'sk_test_51HxReal' })).toEqual({})
  expect(localstripeCeiling({})).toEqual({})
})

describe('Stripe (moved from the runtime\'s config: the shop checks its own settings)', () => {
  /** With a webhook secret, so only the rule under test speaks. */
  const problemsOf = (env: Record<string, string>): string[] => stripeProblems({ STRIPE_WEBHOOK_SECRET: 'whsec_test', ...env })
  /** STRIPE_API_URL as the shop's backend gets it, when it passes. */
  const urlOf = (env: Record<string, string>): string | undefined => {
    expect(problemsOf(env)).toEqual([])
    return env.STRIPE_API_URL
  }

  test('no Stripe setting at all: the shop starts (a class that needs Stripe then fails with its own error)', () => {
    for (const env of [{}, { STRIPE_SECRET_KEY: '  ' }, { STRIPE_API_URL: '', STRIPE_SECRET_KEY: '' }]) expect(stripeProblems(env)).toEqual([])
  })

  test('a real Stripe (anything but localstripe) without STRIPE_WEBHOOK_SECRET is refused, naming the variable', () => {
    for (const env of [{ STRIPE_SECRET_KEY: 'sk_test_51Hx' }, { STRIPE_SECRET_KEY: 'sk_live_51Hx' }, { STRIPE_API_URL: 'https://stripe-mock.internal.example', STRIPE_SECRET_KEY: 'sk_test_51Hx' }, { STRIPE_API_URL: 'http://127.0.0.1:8420', STRIPE_SECRET_KEY: 'sk_test_other' }]) {
      expect(stripeProblems(env)).toEqual([expect.stringMatching(/^STRIPE_WEBHOOK_SECRET is not set: against a real Stripe/)])
      expect(stripeProblems({ ...env, STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toEqual([])
    }
    // localstripe's own key on this machine needs none.
    expect(stripeProblems({ STRIPE_API_URL: 'http://127.0.0.1:8420', STRIPE_SECRET_KEY: LOCAL_STRIPE_SECRET_KEY })).toEqual([])
    expect(() => assertShopEnv({ STRIPE_SECRET_KEY: 'sk_test_51Hx' })).toThrow(/STRIPE_WEBHOOK_SECRET/)
  })

  test('STRIPE_API_URL: http on this machine (localstripe) or https; taken as given', () => {
    for (const url of ['http://127.0.0.1:8420', 'http://localhost:12111', 'http://[::1]:8420', 'https://stripe-mock.internal.example', 'https://127.0.0.1:8443/']) {
      expect(urlOf({ ...KEY, STRIPE_API_URL: url })).toBe(url)
    }
  })

  test('STRIPE_API_URL refused: plain http off this machine, other schemes, no scheme, a path, credentials', () => {
    const cases: Array<[string, RegExp]> = [
      ['http://192.168.1.20:8420', /plain http to "192\.168\.1\.20" would send the secret key unencrypted/],
      ['http://stripe.example.com', /plain http to "stripe\.example\.com"/],
      ['http://127.0.0.1.nip.io:8420', /plain http to "127\.0\.0\.1\.nip\.io"/],
      ['ftp://127.0.0.1:8420', /STRIPE_API_URL must be an http address on this machine .* got "ftp:\/\/127\.0\.0\.1:8420"/],
      ['127.0.0.1:8420', /STRIPE_API_URL must be an http address on this machine/],
      ['localstripe', /got "localstripe"/],
      ['http://127.0.0.1:8420/v1', /scheme, host and port only/],
      ['https://user:secret@stripe.example.com', /scheme, host and port only/],
    ]
    for (const [url, message] of cases) {
      const problems = problemsOf({ ...KEY, STRIPE_API_URL: url })
      expect({ url, problems }).toEqual({ url, problems: [expect.stringMatching(message)] })
    }
  })

  test('any host but loopback over plain http is refused; any loopback port is taken (property)', () => {
    const loopback = fc.constantFrom('127.0.0.1', 'localhost', '[::1]')
    fc.assert(
      fc.property(loopback, fc.integer({ min: 1, max: 65535 }), (host, port) => {
        expect(urlOf({ ...KEY, STRIPE_API_URL: `http://${host}:${port}` })).toBe(`http://${host}:${port}`)
      }),
    )
    const otherHost = fc.domain().filter((host) => host !== 'localhost')
    fc.assert(
      fc.property(fc.oneof(otherHost, fc.ipV4().filter((ip) => ip !== '127.0.0.1')), (host) => {
        expect(problemsOf({ ...KEY, STRIPE_API_URL: `http://${host}:8420` })).toEqual([expect.stringContaining('would send the secret key unencrypted')])
      }),
    )
  })

  test('the key: a Stripe secret key; with STRIPE_API_URL too, and never a live one sent to a fake Stripe', () => {
    const local = { STRIPE_API_URL: 'http://127.0.0.1:8420' }
    expect(problemsOf(local)).toEqual([expect.stringMatching(/^STRIPE_SECRET_KEY is not set: class code needs one for STRIPE_API_URL too/)])
    expect(problemsOf({ ...local, STRIPE_SECRET_KEY: 'sk_live_51Hx' })).toEqual([expect.stringMatching(/STRIPE_SECRET_KEY is a live key, but STRIPE_API_URL points away from Stripe/)])
    expect(problemsOf({ STRIPE_SECRET_KEY: 'pk_test_123' })).toEqual([expect.stringMatching(/STRIPE_SECRET_KEY must be a Stripe secret key/)])
    expect(problemsOf({ STRIPE_SECRET_KEY: 'pk_test_123' })[0]).not.toContain('pk_test_123')
    expect(urlOf({ ...local, STRIPE_SECRET_KEY: 'sk_test_local_stack' })).toBe('http://127.0.0.1:8420')
  })
})
