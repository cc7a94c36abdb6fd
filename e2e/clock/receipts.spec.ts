/**
 * Receipts and a refund, end to end: a customer's delivery is charged at its final moment (the
 * backend's test clock moves there) and its receipt arrives in the local inbox; staff refund part
 * of it from the roastery board; the credit note arrives, referring to the receipt; the customer's
 * /account shows the refund and opens the receipt's printable page.
 * The customer's address, card and start are set over the API with their own session, so the day
 * is known before the pages open.
 */
import type { Locator } from '@playwright/test'
import { readPdf } from '../../test/pdf-text'
import { mailMatching } from '../support/backend'
import { E2E_ENV, E2E_STAFF_EMAIL, requireEnv } from '../support/env'
import { expect, freshEmail, signIn, test } from '../support/fixtures'
import { dayRegionName } from '../support/roastery-days'
import { advanceClockTo, baristaByApi, clockNow, signInAgain } from '../support/payments'
import { finalMomentMs } from '../../retter/dependencies/BeanBloomSubscription/payments'

const DAY_MS = 24 * 60 * 60 * 1000


/** How many pages a PDF Chromium printed has (its page objects; the page tree is /Pages). */
function pdfPages(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g) ?? []).length
}

/** A form field's label sits above its control, unclipped, and the control takes the dialog's width. */
async function expectStackedField(dialog: Locator, label: string): Promise<void> {
  const labelBox = await dialog.getByText(label, { exact: true }).boundingBox()
  const control = dialog.getByLabel(label, { exact: true })
  const controlBox = await control.boundingBox()
  const form = await dialog.locator('form').boundingBox()
  if (!labelBox || !controlBox || !form) throw new Error(`${label}: not laid out`)
  expect(labelBox.y + labelBox.height, `${label}: label above its control`).toBeLessThanOrEqual(controlBox.y + 1)
  expect(await dialog.getByText(label, { exact: true }).evaluate((el) => el.scrollWidth <= el.clientWidth + 1), `${label}: label not clipped`).toBe(true)
  expect(controlBox.width, `${label}: control as wide as the form`).toBeGreaterThanOrEqual(form.width - 2)
}

test('a paid delivery gets its receipt; staff refund part of it; the credit note refers to the receipt; /account shows both', async ({ page, browser }) => {
  const stamp = Date.now().toString(36)
  const email = freshEmail('receipts')
  const name = `Ines Receipt ${stamp}`
  // Business time: earlier journeys may have moved the backend's clock on.
  const date = new Date((await clockNow()).nowMs + 2 * DAY_MS).toISOString().slice(0, 10)

  await baristaByApi(email, { name, line1: 'Rue de Rivoli 1', city: 'Paris', postalCode: '75001', country: 'FR' })

  // The delivery becomes final and is charged: its receipt, with French VAT on coffee (5.5 %).
  await advanceClockTo(new Date(finalMomentMs(`${date}T00:00:00.000Z`) + 60 * 60 * 1000).toISOString())
  const receiptMail = await mailMatching(email, /^Your receipt R-\d{6} for your delivery of /)
  const receiptNumber = /R-\d{6}/.exec(receiptMail.subject)?.[0] as string
  expect(receiptMail.text).toContain(`\nReceipt ${receiptNumber}\n`)
  expect(receiptMail.text).toContain(`Customer: ${name}, Rue de Rivoli 1, 75001 Paris, France`)
  expect(receiptMail.text).toMatch(/VAT 5\.5% \(FR\): €\d+\.\d{2}/)
  expect(receiptMail.text).toContain('Paid with: Visa •••• 4242')
  expect(receiptMail.html).toContain(`<h2 style="font-size:18px;margin:0 0 8px">Receipt ${receiptNumber}</h2>`)
  // The receipt itself rides along as a one-page PDF, with its number and total.
  expect(receiptMail.attachments?.map((a) => a.filename)).toEqual([`receipt-${receiptNumber}.pdf`])
  const receiptPdf = readPdf(Buffer.from(receiptMail.attachments?.[0]?.contentBase64 ?? '', 'base64'))
  expect(receiptPdf.pages).toBe(1)
  expect(receiptPdf.lines).toContain(receiptNumber)
  expect(receiptPdf.lines.some((line) => /^€\d+\.\d{2}$/.test(line))).toBe(true)

  // Staff refund €5.00 of it from the board, with a reason.
  const staffContext = await browser.newContext({ baseURL: requireEnv(E2E_ENV.baseUrl), ignoreHTTPSErrors: true, locale: 'en-US', timezoneId: 'UTC' })
  const staff = await staffContext.newPage()
  await signIn(staff, E2E_STAFF_EMAIL)
  await staff.goto('/roastery')
  const day = staff.getByRole('region', { name: dayRegionName(date) })
  // The "Live" pill never sits over the day strip, at a laptop's, a tablet's and a phone's width.
  // Both boxes are read in one frame once the pill shows: the strip narrows when the pill arrives,
  // so a strip read before it (as a first version of this check did) is its width without the pill.
  const live = staff.getByText('Live', { exact: true })
  await expect(live).toBeVisible()
  for (const width of [1280, 768, 390]) {
    await staff.setViewportSize({ width, height: 800 })
    const boxes = await staff.getByRole('navigation', { name: 'Delivery days' }).evaluate((strip) => {
      const pill = Array.from(document.querySelectorAll('span')).find((span) => span.textContent?.trim() === 'Live')
      const box = (el: Element) => { const { x, y, width: w, height: h } = el.getBoundingClientRect(); return { x, y, width: w, height: h } }
      return { strip: box(strip), live: pill ? box(pill) : null }
    })
    const { strip, live: pill } = boxes
    if (!pill) throw new Error(`${width} px: the Live pill is not laid out`)
    const apart = pill.x >= strip.x + strip.width - 1 || pill.x + pill.width <= strip.x + 1
      || pill.y >= strip.y + strip.height - 1 || pill.y + pill.height <= strip.y + 1
    expect(apart, `${width} px: Live pill ${JSON.stringify(pill)} apart from the strip ${JSON.stringify(strip)}`).toBe(true)
  }
  await staff.setViewportSize({ width: 1280, height: 800 })
  await day.getByRole('button', { name: `Refund: ${name}` }).click()
  const dialog = staff.getByRole('dialog')
  // Each label above its control, nothing clipped, at a laptop's width and a phone's.
  for (const width of [1280, 390]) {
    await staff.setViewportSize({ width, height: 800 })
    await expectStackedField(dialog, 'Amount (€)')
    await expectStackedField(dialog, 'Reason')
  }
  await staff.setViewportSize({ width: 1280, height: 800 })
  await dialog.getByLabel('Amount (€)').fill('5.00')
  await dialog.getByLabel('Reason').fill('One bag arrived torn')
  await dialog.getByRole('button', { name: 'Refund €5.00' }).click()
  await expect(day.getByText(new RegExp(`€5\\.00 refunded to ${name}\\. Credit note CN-\\d{6}`))).toBeVisible()
  await expect(day.getByRole('row', { name: new RegExp(name) })).toContainText('Refunded €5.00')

  await staffContext.close()

  const noteMail = await mailMatching(email, /^Refund of €5\.00 for your delivery of .* \(credit note CN-\d{6}\)$/)
  const noteNumber = /CN-\d{6}/.exec(noteMail.subject)?.[0] as string
  expect(noteMail.text).toContain(`Credit note ${noteNumber}`)
  expect(noteMail.text).toContain(`Refers to receipt: ${receiptNumber}`)
  expect(noteMail.text).toContain('Reason: One bag arrived torn')
  expect(noteMail.text).toContain('Refunded (VAT included): -€5.00')

  // The customer's receipts on /account, and the receipt's printable page.
  await signInAgain(page, email)
  await page.goto(`/account/receipts/${noteNumber}`)
  await expect(page.getByRole('heading', { name: `Credit note ${noteNumber}` })).toBeVisible()
  // Printed, a credit note is one clean page: the page's frame, links and buttons stay on screen.
  expect(pdfPages(await page.pdf({ format: 'A4' }))).toBe(1)
  await page.emulateMedia({ media: 'print' })
  for (const hidden of [page.getByRole('navigation', { name: 'Main' }), page.getByRole('contentinfo'), page.getByRole('button', { name: 'Print' }), page.getByRole('link', { name: '← Your account' })]) {
    await expect(hidden).toBeHidden()
  }
  // Back to no emulation (not 'screen': page.pdf prints with the emulated media, and a forced
  // 'screen' would print the receipt below with its screen frame).
  await page.emulateMedia({ media: null })
  await expect(page.getByText('Refers to receipt').locator('xpath=following-sibling::dd')).toHaveText(receiptNumber)
  await page.goto(`/account/receipts/${receiptNumber}`)
  await expect(page.getByRole('heading', { name: `Receipt ${receiptNumber}` })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible()
  // Printed, the receipt is one clean A4 page too, its frame, links and buttons left on screen.
  expect(pdfPages(await page.pdf({ format: 'A4' }))).toBe(1)
  await page.emulateMedia({ media: 'print' })
  for (const hidden of [page.getByRole('navigation', { name: 'Main' }), page.getByRole('contentinfo'), page.getByRole('button', { name: 'Print' }), page.getByRole('link', { name: '← Your account' })]) {
    await expect(hidden).toBeHidden()
  }
  await page.emulateMedia({ media: null })
})
