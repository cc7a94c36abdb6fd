import { createHash } from 'node:crypto'
import mockRouter from 'next-router-mock'
import fc from 'fast-check'
import { contentSecurityPolicy, securityHeaders } from '@/lib/security/headers'
import { pageScriptPolicy } from '@/lib/security/page-policy'
import { firstPaintScript } from '@/lib/first-paint/paint'

const LOCAL = {
  NEXT_PUBLIC_RIO_LOCAL: '1',
  NEXT_PUBLIC_RIO_PROJECT_ID: 'coffee-local',
  NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL: 'http://127.0.0.1:4000',
  NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
  NEXT_PUBLIC_STRIPE_JS_URL: 'http://127.0.0.1:8420/js.stripe.com/v3/',
}
const REMOTE = { NEXT_PUBLIC_RIO_LOCAL: '0', NEXT_PUBLIC_RIO_PROJECT_ID: 'beans', NEXT_PUBLIC_RIO_REGION: 'euWest1' }

/** The CSP as directive name -> its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split('; ').map((part) => {
    const [name = '', ...sources] = part.split(' ')
    return [name, sources]
  }))
}

const originalGaId = process.env.NEXT_PUBLIC_GA_ID
beforeEach(() => mockRouter.setCurrentUrl('/'))
afterEach(() => {
  if (originalGaId === undefined) delete process.env.NEXT_PUBLIC_GA_ID
  else process.env.NEXT_PUBLIC_GA_ID = originalGaId
})

describe('browser defences', () => {
  it('a remote build allows only itself, its Retter host, Firebase and Stripe, and pins https', () => {
    const csp = directives(contentSecurityPolicy({ env: REMOTE, dev: false }))
    expect(csp.get('default-src')).toEqual(["'self'"])
    // Inline scripts are narrowed to the page's own bootstrap by the document's <meta> policy.
    expect(csp.get('script-src')).toEqual(["'self'", 'https://js.stripe.com', "'unsafe-inline'"])
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://beans.api.retter.io', 'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com', 'https://firestore.googleapis.com', 'https://api.stripe.com'])
    // Stripe's Elements and its 3-D Secure pages are its frames; nothing else may be framed.
    expect(csp.get('frame-src')).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com'])
    expect(csp.get('frame-ancestors')).toEqual(["'none'"])
    expect(csp.get('object-src')).toEqual(["'none'"])
    expect(csp.has('upgrade-insecure-requests')).toBe(true)
    const names = securityHeaders({ env: REMOTE, dev: false }).map((header) => header.key)
    expect(names).toEqual(expect.arrayContaining(['Content-Security-Policy', 'X-Content-Type-Options', 'Referrer-Policy',
      'Permissions-Policy', 'Strict-Transport-Security']))
  })

  it('the beta region and an explicit URL change the Retter host the policy allows', () => {
    expect(directives(contentSecurityPolicy({ env: { ...REMOTE, NEXT_PUBLIC_RIO_REGION: 'euWest1Beta' }, dev: false })).get('connect-src'))
      .toContain('https://beans.test-api.retter.io')
    expect(directives(contentSecurityPolicy({ env: { ...REMOTE, NEXT_PUBLIC_RIO_URL: 'api.example.com:8443/rio' }, dev: false })).get('connect-src'))
      .toContain('https://api.example.com:8443')
  })

  it('local mode allows the emulators and localstripe instead of Google and Stripe, and sends no HSTS (it would pin localhost to https)', () => {
    const csp = directives(contentSecurityPolicy({ env: LOCAL, dev: false }))
    expect(csp.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:4000', 'http://127.0.0.1:8080', 'http://127.0.0.1:8420'])
    // localstripe's fake Stripe.js comes from its own origin and draws no frames.
    expect(csp.get('script-src')).toEqual(["'self'", 'http://127.0.0.1:8420', "'unsafe-inline'"])
    expect(csp.get('frame-src')).toEqual(["'none'"])
    expect(contentSecurityPolicy({ env: LOCAL, dev: false })).not.toContain('stripe.com')
    expect(csp.has('upgrade-insecure-requests')).toBe(false)
    expect(securityHeaders({ env: LOCAL, dev: false }).map((header) => header.key)).not.toContain('Strict-Transport-Security')
  })

  it('only next dev gets eval and websockets', () => {
    expect(directives(contentSecurityPolicy({ env: LOCAL, dev: true })).get('script-src')).toContain("'unsafe-eval'")
    expect(directives(contentSecurityPolicy({ env: LOCAL, dev: false })).get('script-src')).not.toContain("'unsafe-eval'")
    expect(directives(contentSecurityPolicy({ env: LOCAL, dev: false })).get('connect-src')).not.toContain('wss:')
  })

  it('Google Analytics is allowed only when configured', () => {
    expect(contentSecurityPolicy({ env: REMOTE, dev: false })).not.toMatch(/googletagmanager|google-analytics/)
    const csp = directives(contentSecurityPolicy({ env: { ...REMOTE, NEXT_PUBLIC_GA_ID: 'G-TEST123' }, dev: false }))
    expect(csp.get('script-src')).toContain('https://www.googletagmanager.com')
    expect(csp.get('connect-src')).toContain('https://*.google-analytics.com')
  })

  it('analytics adds no inline script to allow: the header never carries a hash, so it never switches inline scripts off', () => {
    const header = directives(contentSecurityPolicy({ env: { ...REMOTE, NEXT_PUBLIC_GA_ID: 'G-TEST123' }, dev: false })).get('script-src') ?? []
    expect(header).toEqual(["'self'", 'https://js.stripe.com', 'https://www.googletagmanager.com', "'unsafe-inline'"])
  })

  describe("a page's own script policy", () => {
    const manifest = {
      devFiles: [], polyfillFiles: [], lowPriorityFiles: [], rootMainFiles: [], rootMainFilesTree: {},
      pages: { '/_app': [], '/': [] },
      chunkLoadingGlobal: 'TURBOPACK',
      pagesChunkGroupBootstrapParams: { '/_app': { otherChunks: ['static/chunks/a.js'] }, '/': { otherChunks: ['static/chunks/b.js'] } },
    }
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

    it("allows the app's files and exactly the page's Turbopack bootstrap, no other inline script", () => {
      const bootstrap = '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/chunks/a.js"]});\n'
        + '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/chunks/b.js"]});'
      expect(pageScriptPolicy({ buildManifest: manifest, page: '/', env: {}, dev: false })).toBe(`script-src 'self' https://js.stripe.com ${sha(bootstrap)}`)
      expect(pageScriptPolicy({ buildManifest: manifest, page: '/', env: {}, dev: false })).not.toContain('unsafe-inline')
    })

    it('a build without a bootstrap allows no inline script; next dev relies on the header alone', () => {
      const { pagesChunkGroupBootstrapParams: _params, ...webpackManifest } = manifest
      expect(pageScriptPolicy({ buildManifest: webpackManifest, page: '/', env: {}, dev: false })).toBe("script-src 'self' https://js.stripe.com")
      expect(pageScriptPolicy({ buildManifest: manifest, page: '/', env: {}, dev: true })).toBeUndefined()
    })

    it("allows the document's own first-paint script by its hash, and nothing else inline", () => {
      const policy = pageScriptPolicy({ buildManifest: manifest, page: '/', env: {}, dev: false, inlineScripts: [firstPaintScript()] })
      expect(policy).toContain(sha(firstPaintScript()))
      expect(policy).not.toContain('unsafe-inline')
      // One text per build: every static page carries the same script and the same hash.
      expect(firstPaintScript()).toBe(firstPaintScript())
    })

    it("adds the Google tag's file when analytics is configured, and no inline script of its own", () => {
      const withGa = pageScriptPolicy({ buildManifest: manifest, page: '/', env: { NEXT_PUBLIC_GA_ID: 'G-TEST123' }, dev: false, inlineScripts: [firstPaintScript()] })
      const without = pageScriptPolicy({ buildManifest: manifest, page: '/', env: {}, dev: false, inlineScripts: [firstPaintScript()] })
      expect(withGa).toBe(without?.replace('https://js.stripe.com', 'https://js.stripe.com https://www.googletagmanager.com'))
    })

    /** Whether a source list lets an inline script run (CSP3: a hash or nonce turns 'unsafe-inline' off). */
    const allowsInline = (sources: string[], text: string) => {
      const hashed = sources.some((source) => /^'(sha(256|384|512)|nonce)-/.test(source))
      return hashed ? sources.includes(sha(text)) : sources.includes("'unsafe-inline'")
    }

    it('with any configuration, header and page policy together run exactly the page\'s inline scripts', () => {
      const env = fc.record({
        NEXT_PUBLIC_GA_ID: fc.oneof(fc.constant(''), fc.constant('  '), fc.stringMatching(/^G-[A-Z0-9]{4,10}$/)),
        NEXT_PUBLIC_RIO_LOCAL: fc.constantFrom('0', '1'),
        NEXT_PUBLIC_RIO_PROJECT_ID: fc.constant('beans'),
        NEXT_PUBLIC_STRIPE_JS_URL: fc.constantFrom('', 'http://127.0.0.1:8420/js.stripe.com/v3/'),
      })
      fc.assert(fc.property(env, fc.string(), (env, injected) => {
        const page = pageScriptPolicy({ buildManifest: manifest, page: '/', env, dev: false, inlineScripts: [firstPaintScript()] }) ?? ''
        const pageSources = page.replace(/^script-src /, '').split(' ')
        const headerSources = directives(contentSecurityPolicy({ env, dev: false })).get('script-src') ?? []
        const bootstrap = '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/chunks/a.js"]});\n'
          + '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/chunks/b.js"]});'
        const runs = (text: string) => allowsInline(headerSources, text) && allowsInline(pageSources, text)
        expect(runs(bootstrap)).toBe(true)
        expect(runs(firstPaintScript())).toBe(true)
        fc.pre(injected !== bootstrap && injected !== firstPaintScript())
        expect(runs(injected)).toBe(false)
      }))
    })
  })
})
