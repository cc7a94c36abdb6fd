/**
 * The e-mails of the customer's data rights: the codes that confirm a deletion or a change of
 * address, the last e-mail saying a deletion is done and what is kept, and the e-mails to both
 * addresses of a change. Pure (mail/outbox.ts, deletion.ts and email-change.ts send them).
 */
import { customerDate } from 'BeanBloomSubscription'
import { BRAND, htmlMail, paragraphHtml, textMail } from './layout'
import { Mail } from './mailer'
import { Locale, wordsIn } from '../language'

function compose(to: string, subject: string, headline: string, lines: string[], locale: Locale | undefined): Mail {
  return { to: to, subject: subject, text: textMail(headline, lines, locale), html: htmlMail(subject, headline, lines.map(paragraphHtml).join(''), locale) }
}

/**
 * The code that confirms deleting the account.
 * @param ttlMinutes how long the code is valid
 * @param locale the customer's language (English when none), as every e-mail below
 */
export function deletionCodeMail(to: string, code: string, ttlMinutes: number, locale?: Locale): Mail {
  const w = wordsIn(locale)
  return compose(to, w('mail.deletionCode.subject', { brand: BRAND }), w('mail.deletionCode.headline'), [
    w('mail.code.line', { code: code, minutes: ttlMinutes }),
    w('mail.deletionCode.what'),
    w('mail.deletionCode.ignore'),
  ], locale)
}

/** What the last e-mail reports. */
export interface DeletionReport {
  /** Receipts and credit notes kept for tax law. */
  documentsKept: number
  /** ISO day until which they are kept. */
  keptUntil: string
  /** Deliveries already final (ISO days): they still ship and are charged. */
  stillShipping: string[]
}

/** The last e-mail: the account is deleted, and what remains by law. */
export function accountDeletedMail(to: string, report: DeletionReport, locale?: Locale): Mail {
  const w = wordsIn(locale)
  const lines = [w('mail.deleted.done')]
  if (report.stillShipping.length > 0) {
    const days = report.stillShipping.map(function (day) { return customerDate(day, locale) })
    // "A and B and C", as the days were always joined.
    const dates = days.slice(1).reduce(function (head, last) { return w('mail.list.and', { head: head, last: last }) }, days[0] as string)
    lines.push(w('mail.deleted.stillShipping', { dates: dates }))
  }
  lines.push(report.documentsKept > 0
    ? w('mail.deleted.kept', { count: report.documentsKept, date: customerDate(report.keptUntil, locale) })
    : w('mail.deleted.nothingKept'))
  lines.push(w('mail.deleted.again'))
  return compose(to, w('mail.deleted.subject', { brand: BRAND }), w('mail.deleted.headline'), lines, locale)
}

/**
 * The code that confirms moving the account to this (new) address.
 * @param from the account's current address, so the reader knows which account moves
 */
export function emailChangeCodeMail(to: string, from: string, code: string, ttlMinutes: number, locale?: Locale): Mail {
  const w = wordsIn(locale)
  return compose(to, w('mail.changeCode.subject', { brand: BRAND }), w('mail.changeCode.headline'), [
    w('mail.code.line', { code: code, minutes: ttlMinutes }),
    w('mail.changeCode.what', { brand: BRAND, from: from }),
    w('mail.changeCode.ignore'),
  ], locale)
}

/**
 * The code that confirms, from the CURRENT address, moving the account away from it: a session
 * alone cannot move the account, it also needs this mailbox.
 * @param newEmail where the account would move, so the reader can tell whether they asked
 */
export function emailChangeCurrentCodeMail(to: string, newEmail: string, code: string, ttlMinutes: number, locale?: Locale): Mail {
  const w = wordsIn(locale)
  return compose(to, w('mail.changeCurrent.subject', { brand: BRAND }), w('mail.changeCurrent.headline'), [
    w('mail.code.line', { code: code, minutes: ttlMinutes }),
    w('mail.changeCurrent.what', { brand: BRAND, to: newEmail }),
    w('mail.changeCurrent.warn'),
  ], locale)
}

/** Which side of a change an e-mail goes to, and the two addresses. */
export interface AddressChange {
  from: string
  to: string
  side: 'old' | 'new'
}

/** The e-mail to each address once the account has moved. */
export function emailChangedMail(to: string, change: AddressChange, locale?: Locale): Mail {
  const w = wordsIn(locale)
  const lines = change.side === 'old'
    ? [
        w('mail.addressChanged.oldMoved', { brand: BRAND, to: change.to }),
        w('mail.addressChanged.oldSessions', { from: change.from }),
        w('mail.addressChanged.oldWarn'),
      ]
    : [w('mail.addressChanged.new', { brand: BRAND, from: change.from })]
  return compose(to, w('mail.addressChanged.subject', { brand: BRAND }), w('mail.addressChanged.headline'), lines, locale)
}
