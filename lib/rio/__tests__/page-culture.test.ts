/** The SDK's `culture` follows the page's language; NEXT_PUBLIC_RIO_CULTURE stays the default. */
import { pageCulture } from '../page-culture'

test('the page\'s <html lang> decides the culture', () => {
  expect(pageCulture('en-us', { lang: 'de', pathname: '/de/account' })).toBe('de-de')
  expect(pageCulture('en-us', { lang: 'fr-BE', pathname: '/' })).toBe('fr-fr')
})

test('without a lang of ours, the address prefix decides', () => {
  expect(pageCulture('en-us', { lang: '', pathname: '/nl/sign-in' })).toBe('nl-nl')
  expect(pageCulture('en-us', { pathname: '/es' })).toBe('es-es')
})

test('the configured culture stays when the page names none of ours, or its own language', () => {
  expect(pageCulture('en-us', undefined)).toBe('en-us')
  expect(pageCulture('de-de', { lang: 'pt' })).toBe('de-de')
  // An address without a prefix is an English page (English lives at the root).
  expect(pageCulture('de-de', { lang: 'pt', pathname: '/account' })).toBe('en-us')
  expect(pageCulture('en-gb', { lang: 'en', pathname: '/account' })).toBe('en-gb')
  expect(pageCulture('de-at', { lang: 'de' })).toBe('de-at')
  expect(pageCulture('de-de', { lang: 'en', pathname: '/' })).toBe('en-us')
})
