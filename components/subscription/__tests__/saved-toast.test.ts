/**
 * The toast a customer reads after saving their coffee: the grind's words as a sentence writes
 * them, with the brewing method's proper capital ("French press").
 */
import { preferencesInText } from '@/lib/delivery/preference-words'
import { translator } from '@/test/i18n'

test('saving a French-press grind says "ground for French press", with a capital F', () => {
  const t = translator('en')
  expect(t('subscription.plan.saved', { coffee: preferencesInText(t, { grind: 'frenchPress', roast: 'medium' }) }))
    .toMatch(/^Your coffee is now ground for French press\b/)
})
