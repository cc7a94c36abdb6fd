/**
 * A customer in their own language, from the first visit to the receipt: a browser preferring
 * German gets the German shop, the sign-in code in German, starts a plan, is charged and gets a
 * German receipt; choosing French on /account makes the next e-mail French, whatever the page's
 * language. Staff read the board in their own language (Dutch here). The words are the catalogue's:
 * the journey reads them from it, and checks a few by hand so an English page cannot pass.
 */
import type { Page } from '@playwright/test'
import { translate } from '../../retter/dependencies/BeanBloomKit/i18n/catalogue'
import type { Locale } from '../../retter/dependencies/BeanBloomKit/i18n/locales'
import type { MessageValues } from '../../retter/dependencies/BeanBloomKit/i18n/render'
import { CATALOGUE, type MessageKey } from '../../retter/dependencies/BeanBloomKit/i18n/messages'
import { finalMomentMs } from '../../retter/dependencies/BeanBloomSubscription/payments'
import { outbox, waitForCode } from '../support/backend'
import { card } from '../support/cards'
import { E2E_STAFF_EMAIL } from '../support/env'
import { expect, freshEmail, test } from '../support/fixtures'
import { advanceClockTo, fillCard } from '../support/payments'

const words = (locale: Locale) => (key: MessageKey, values?: MessageValues) => translate(CATALOGUE, locale, key, values)
const de = words('de')
const fr = words('fr')
const nl = words('nl')

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

async function mails(email: string) {
  return (await outbox(email)).filter((mail) => !mail.code)
}

/** Signs in on the page open at its sign-in step, in the page's language; returns the code e-mail. */
async function signInWithCode(page: Page, email: string, t: ReturnType<typeof words>) {
  const before = (await outbox(email)).filter((mail) => mail.code).length
  await page.getByLabel(t('signIn.email.label')).fill(email)
  await page.getByRole('button', { name: t('signIn.email.send') }).click()
  const { code } = await waitForCode(email, before)
  const codeMail = (await outbox(email)).find((mail) => mail.code === code)
  await page.getByLabel(t('signIn.code.label')).fill(code)
  return codeMail
}

test.describe('a customer whose browser prefers German', () => {
  test.use({ locale: 'de-DE' })

  test('reads the shop, the code, the start, the charge and the receipt in German; French e-mails once French is chosen on /account', async ({ page, errors }) => {
    const email = freshEmail('de')
    await page.goto('/')
    await expect(page).toHaveURL(/\/de$/)
    await page.getByRole('link', { name: de('plans.card.start', { plan: 'Barista' }) }).click()
    await expect(page).toHaveURL(/\/de\/sign-in\?/)

    const codeMail = await signInWithCode(page, email, de)
    expect(codeMail?.subject).toMatch(/Anmeldecode|Code/)
    expect(codeMail?.subject).toBe(de('mail.code.subject', { brand: 'Bean & Bloom' }))

    // The start confirmation, in German, with German labels and a German price.
    const start = page.getByRole('dialog', { name: de('plans.confirm.title.start', { plan: 'Barista' }) })
    await expect(start).toBeVisible()
    await expect(start).toContainText('20,00 €')
    await start.getByLabel(de('delivery.address.name')).fill('Greta Gruber')
    await start.getByLabel(de('delivery.address.line1')).fill('Kastanienallee 12')
    await start.getByLabel(de('delivery.address.postalCode')).fill('10435')
    await start.getByLabel(de('delivery.address.city')).fill('Berlin')
    await start.getByLabel(de('delivery.address.country')).selectOption('DE')
    await fillCard(start, undefined, de('payments.form.cardDetails'))
    await start.getByRole('button', { name: de('plans.confirm.action.start', { plan: 'Barista' }) }).click()
    await expect(start).toBeHidden({ timeout: 15_000 })
    await expect.poll(async () => (await mails(email)).map((mail) => mail.subject))
      .toContain(de('mail.started.subject', { brand: 'Bean & Bloom', plan: 'Barista' }))

    // Charged at the first delivery's final moment: the receipt is German, its amount as Germans write it.
    await page.goto('/de/account')
    const upcoming = card(page, de('subscription.upcoming.title'))
    const first = await upcoming.getByRole('listitem').first().locator('time').getAttribute('datetime')
    expect(first).toBeTruthy()
    await advanceClockTo(new Date(finalMomentMs(first!) + 60_000).toISOString())
    await expect.poll(async () => (await mails(email)).some((mail) => mail.subject.startsWith('Deine Rechnung')), { timeout: 30_000 }).toBe(true)
    const receipt = (await mails(email)).find((mail) => mail.subject.startsWith('Deine Rechnung'))!
    expect(receipt.text).toMatch(/20,00\s€/)
    expect(receipt.text).toMatch(/MwSt\./)

    // French for e-mails, chosen on /account (the page stays German): the next e-mail is French.
    const language = card(page, de('accountLanguage.title'))
    await language.getByLabel(de('accountLanguage.label')).selectOption('fr')
    await language.getByRole('button', { name: de('accountLanguage.save') }).click()
    await expect(language.getByRole('status')).toHaveText(de('accountLanguage.saved', { language: 'Français' }))
    const second = upcoming.getByRole('listitem').nth(1)
    const [before, after] = de('subscription.upcoming.skipLabel', { day: '\u0000' }).split('\u0000') as [string, string]
    await second.getByRole('button', { name: new RegExp(`^${escapeRegExp(before)}.*${escapeRegExp(after)}$`) }).click()
    // The skip's e-mail is French, and so is every e-mail after the choice.
    const skipped = fr('mail.skipped.subject', { date: '' })
    expect(skipped).toMatch(/^Sautée\u202f: votre livraison du /)
    await expect.poll(async () => (await mails(email)).some((mail) => mail.subject.startsWith(skipped)), { timeout: 20_000 }).toBe(true)
    expect((await mails(email)).some((mail) => mail.subject.startsWith(de('mail.skipped.subject', { date: '' })))).toBe(false)
    expect(errors.list).toEqual([])
  })
})

test.describe('staff whose browser prefers Dutch', () => {
  test.use({ locale: 'nl-NL' })

  test('read the roastery board in Dutch', async ({ page, errors }) => {
    await page.goto('/nl/sign-in')
    await signInWithCode(page, E2E_STAFF_EMAIL, nl)
    await expect(page).toHaveURL(/\/nl\/roastery$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl('roastery.title'))
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl')
    await expect(page.getByRole('main')).not.toContainText('Upcoming days')
    expect(errors.list).toEqual([])
  })
})
