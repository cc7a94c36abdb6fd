/** The pseudo-locale: every text accented and 40 % longer, its values and message format untouched. */
import fc from 'fast-check'
import { renderMessage as writeMessage } from '@retter-shared/BeanBloomKit/i18n/render'
import { compileMessage } from '@retter-shared/BeanBloomKit/i18n/message'
import { pageMessages } from '../page-messages'
import { PSEUDO_GROWTH, pseudoMessage, pseudoText } from '../pseudo'

test('a text is accented and at least 40 % longer, and still breaks between words', () => {
  expect(pseudoText('Sign in')).toBe('Šîgñ îñ ŵŵŵ')
  fc.assert(fc.property(fc.string({ minLength: 1, maxLength: 200 }).filter((text) => /\p{L}/u.test(text)), (text) => {
    const pseudo = pseudoText(text)
    expect(pseudo.length).toBeGreaterThanOrEqual(text.length * (1 + PSEUDO_GROWTH))
    expect(pseudo.split(' ').every((word) => !/^ŵ{6,}$/.test(word))).toBe(true)
  }))
  // Digits and symbols alone (a price, "·") are no words: they stay as they are.
  expect(pseudoText('€ 12 ·')).toBe('€ 12 ·')
})

test('a message keeps its values and plurals, and its words grow', () => {
  const message = compileMessage('{bags, plural, one {# bag} other {# bags}} for {price}')
  const text = writeMessage(pseudoMessage(message), 'en', { bags: 2, price: '€20.00' })
  expect(text).toMatch(/^2 bágš för €20\.00 ŵ+/)
  expect(text.length).toBeGreaterThan('2 bags for €20.00'.length * 1.3)
})

test('a page is sent pseudo words only by a build made for it', () => {
  expect(pageMessages('en').messages['shell.skip']).toBe('Skip to content')
  const before = process.env.I18N_PSEUDO
  process.env.I18N_PSEUDO = '1'
  try {
    expect(pageMessages('en').messages['shell.skip']).toBe(pseudoText('Skip to content'))
  } finally {
    if (before === undefined) delete process.env.I18N_PSEUDO
    else process.env.I18N_PSEUDO = before
  }
})
