/** Which outbox messages carry a sign-in code: only sign-in code e-mails, whatever numbers other mail holds. */
import fc from 'fast-check'
import { SIGN_IN_SUBJECT, signInCodeOf } from './sign-in-code'

test("the Account class's sign-in e-mail: the code is the 6-digit number of its text", () => {
  expect(signInCodeOf({ subject: 'Your Bean & Bloom sign-in code', text: 'Your sign-in code is 048213. It expires in 5 minutes.' })).toBe('048213')
  expect(signInCodeOf({ subject: 'Your sign in code', text: 'Code: 123456' })).toBe('123456')
})

test('an order e-mail with a 6-digit postal code or order number has no code', () => {
  expect(signInCodeOf({ subject: 'Your order is on its way', text: 'Order 654321 ships to 75001 Paris, postcode 123456.' })).toBeUndefined()
  expect(signInCodeOf({ subject: 'Delivery reminder', text: 'Deliver to 560001 Bengaluru' })).toBeUndefined()
})

test('longer numbers are not codes; the first standalone 6-digit number is', () => {
  expect(signInCodeOf({ subject: 'Sign-in code', text: 'Ref 12345678, code 246810' })).toBe('246810')
  expect(signInCodeOf({ subject: 'Sign-in code', text: 'Ref 1234567 only' })).toBeUndefined()
})

test('property: a subject that does not name a sign-in code never yields one, whatever the text', () => {
  const subject = fc.string().filter((s) => !SIGN_IN_SUBJECT.test(s))
  const text = fc.oneof(fc.string(), fc.stringMatching(/^[a-z ]{0,20}\d{6}[a-z ]{0,20}$/))
  fc.assert(fc.property(subject, text, (s, t) => signInCodeOf({ subject: s, text: t }) === undefined))
})

test('property: a sign-in subject yields the 6-digit number its text carries', () => {
  const code = fc.stringMatching(/^\d{6}$/)
  const words = fc.stringMatching(/^[A-Za-z .,:]{0,30}$/)
  fc.assert(
    fc.property(code, words, words, (c, before, after) => signInCodeOf({ subject: 'Your Bean & Bloom sign-in code', text: `${before}${c}${after}` }) === c),
  )
})
