/** Every e-mail ends with the privacy notice, imprint and terms: links with APP_URL, words without. */
import { subscriptionMail } from './subscription-emails'
import { accountDeletedMail, deletionCodeMail } from './data-rights-emails'
import { legalFooterText } from './legal-links'

const original = process.env.APP_URL
afterEach(() => {
  if (original === undefined) delete process.env.APP_URL
  else process.env.APP_URL = original
})

const mails = () => [
  subscriptionMail({ kind: 'cancelled' }, { to: 'sam@example.com', sub: { status: 'cancelled' } as never }),
  deletionCodeMail('sam@example.com', '123456', 5),
  accountDeletedMail('sam@example.com', { documentsKept: 2, keptUntil: '2036-12-31', stillShipping: [] }),
]

test('with APP_URL every e-mail links the three legal pages, in text and HTML', () => {
  process.env.APP_URL = 'https://shop.example/'
  for (const mail of mails()) {
    for (const page of ['privacy', 'imprint', 'terms']) {
      expect(mail.text).toContain(`https://shop.example/${page}`)
      expect(mail.html).toContain(`href="https://shop.example/${page}"`)
    }
  }
})

test('without APP_URL they say where to find them', () => {
  delete process.env.APP_URL
  expect(legalFooterText()).toBe('Privacy notice, imprint and terms: on our website.')
  for (const mail of mails()) expect(mail.text).toContain('Privacy notice, imprint and terms: on our website.')
})

test('the last e-mail says what is kept and until when', () => {
  const mail = accountDeletedMail('sam@example.com', { documentsKept: 2, keptUntil: '2036-12-31', stillShipping: ['2026-11-25T00:00:00.000Z'] })
  expect(mail.text).toContain('keep your 2 receipts and credit notes until Wednesday 31 December 2036')
  expect(mail.text).toContain('Your delivery of Wednesday 25 November 2026 was already being roasted and packed')
})
