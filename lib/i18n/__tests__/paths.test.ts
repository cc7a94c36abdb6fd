/** Each language's address of an app path: English at the root, the others under their code. */
import { localePath } from '../paths'

test.each([
  ['en', '/account', '/account'],
  [undefined, '/', '/'],
  ['xx', '/sign-in', '/sign-in'],
  ['de', '/', '/de'],
  ['de', '/?plan=barista', '/de?plan=barista'],
  ['fr', '/#plans', '/fr#plans'],
  ['nl', '/sign-in?next=%2Faccount', '/nl/sign-in?next=%2Faccount'],
  ['it', '/account/receipts/R-000001', '/it/account/receipts/R-000001'],
])('%s: %s is %s', (locale, path, expected) => {
  expect(localePath(locale, path)).toBe(expected)
})
