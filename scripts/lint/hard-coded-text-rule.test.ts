/** The hard-coded-text rule: probes it must refuse, and what it must let through. */
import { RuleTester } from 'eslint'
import { hardCodedTextRule, isReadableText } from './hard-coded-text-rule.mjs'

const tester = new RuleTester({
  languageOptions: { ecmaVersion: 2022, sourceType: 'module', parserOptions: { ecmaFeatures: { jsx: true } } },
})

tester.run('no-hard-coded-text', hardCodedTextRule, {
  valid: [
    { code: "const A = () => <p>{t('plans.hero.title')}</p>" },
    { code: "const A = () => <button aria-label={t('shell.home')}>{t('plans.refresh')}</button>" },
    { code: 'const A = () => <p>{price} · {bags}</p>' },
    { code: 'const A = () => <span aria-hidden="true">€ 404</span>' },
    { code: 'const A = () => <a className="btn btn-primary" href="/sign-in" data-testid="picked-plan">{name}</a>' },
    { code: 'const A = () => <Logo>Bean &amp; Bloom</Logo>' },
  ],
  invalid: [
    { code: 'const A = () => <h1>Fresh roasts, on your schedule</h1>', errors: 1 },
    { code: "const A = () => <button>{'Try again'}</button>", errors: 1 },
    { code: 'const A = () => <p>{`You picked ${name}`}</p>', errors: 1 },
    { code: 'const A = () => <nav aria-label="Main" />', errors: 1 },
    { code: 'const A = () => <input placeholder={`Street ${n}`} title="Your street" />', errors: 2 },
    { code: 'const A = () => <p>Straße</p>', errors: 1 },
  ],
})

test('a word is text in any script; symbols, digits and the brand are not', () => {
  expect(isReadableText('Köln')).toBe(true)
  expect(isReadableText('  · ')).toBe(false)
  expect(isReadableText('12,00 €')).toBe(false)
  expect(isReadableText('Bean & Bloom')).toBe(false)
})
