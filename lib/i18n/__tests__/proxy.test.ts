/** The first visit's language: the root alone is redirected, by the chosen language, then by the browser's. */
import { NextRequest } from 'next/server'
import { config, proxy } from '../../../proxy'

function visit(headers: Record<string, string> = {}, url = 'https://shop.example/'): Response {
  return proxy(new NextRequest(url, { headers }))
}

test('a browser preferring German, even by region alone, is sent to /de, keeping the query', () => {
  for (const header of ['de-DE,de;q=0.9,en-US;q=0.8', 'de-AT', 'de-CH, fr;q=0.5']) {
    const response = visit({ 'accept-language': header })
    expect(response.status).toBe(307)
    expect(response.headers.get('location')).toBe('https://shop.example/de')
  }
  expect(visit({ 'accept-language': 'fr-BE' }, 'https://shop.example/?plan=barista').headers.get('location')).toBe('https://shop.example/fr?plan=barista')
})

test('English, a language the shop does not speak, or no header at all (a crawler) stays at the root', () => {
  const asked: Record<string, string>[] = [{}, { 'accept-language': 'en-GB,en;q=0.9' }, { 'accept-language': 'pt-BR,pt;q=0.9' }, { 'accept-language': '*' }]
  for (const headers of asked) {
    const response = visit(headers)
    expect(response.headers.get('location')).toBeNull()
    expect(response.status).toBe(200)
  }
})

test('a chosen language wins over the browser\'s, English included', () => {
  expect(visit({ 'accept-language': 'de-DE', cookie: 'NEXT_LOCALE=en' }).headers.get('location')).toBeNull()
  expect(visit({ 'accept-language': 'de-DE', cookie: 'NEXT_LOCALE=it' }).headers.get('location')).toBe('https://shop.example/it')
  // A cookie naming no language of ours is ignored, not followed.
  expect(visit({ 'accept-language': 'nl', cookie: 'NEXT_LOCALE=xx' }).headers.get('location')).toBe('https://shop.example/nl')
})

test('every answer of the root varies by language and cookie, and only the root is redirected', () => {
  expect(visit({ 'accept-language': 'de' }).headers.get('vary')).toBe('Accept-Language, Cookie')
  expect(visit().headers.get('vary')).toBe('Accept-Language, Cookie')
  // Only the root as Next sees it inside (the default language's prefix): a matcher of '/' would
  // match /de in the browser and make Next fetch such a page's data again after hydration.
  expect(config.matcher).toEqual([{ source: '/en', locale: false }])
  // A language's own root passes as it is, should it reach here.
  const german = visit({ 'accept-language': 'fr-FR' }, 'https://shop.example/de')
  expect(german.headers.get('location')).toBeNull()
})
