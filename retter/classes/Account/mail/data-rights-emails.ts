/**
 * The e-mails of the customer's data rights: the codes that confirm a deletion or a change of
 * address, the last e-mail saying a deletion is done and what is kept, and the e-mails to both
 * addresses of a change. Pure (mail/outbox.ts, deletion.ts and email-change.ts send them).
 */
import { customerDate } from 'BeanBloomSubscription'
import { BRAND, htmlMail, paragraphHtml, textMail } from './layout'
import { Mail } from './mailer'

function compose(to: string, subject: string, headline: string, lines: string[]): Mail {
  return { to: to, subject: subject, text: textMail(headline, lines), html: htmlMail(subject, headline, lines.map(paragraphHtml).join('')) }
}

/**
 * The code that confirms deleting the account.
 * @param ttlMinutes how long the code is valid
 */
export function deletionCodeMail(to: string, code: string, ttlMinutes: number): Mail {
  return compose(to, 'Your code to delete your ' + BRAND + ' account', 'Confirm deleting your account', [
    'Your code is ' + code + '. It expires in ' + ttlMinutes + ' minutes.',
    'Entering it on your account page deletes your account for good: your subscription ends and we remove your name, address, preferences, payment method and history.',
    'If you did not ask for this, ignore this message: nothing is deleted without the code.',
  ])
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
export function accountDeletedMail(to: string, report: DeletionReport): Mail {
  const lines = ['We deleted your account as you asked: your subscription is cancelled and your name, address, preferences, payment method, history and sign-in records are gone. Your customer record at our payment provider is deleted too.']
  if (report.stillShipping.length > 0) {
    lines.push('Your delivery of ' + report.stillShipping.map(function (day) { return customerDate(day) }).join(' and ') + ' was already being roasted and packed: it still ships to the address you gave and is charged as usual.')
  }
  lines.push(report.documentsKept > 0
    ? 'Tax law requires us to keep your ' + report.documentsKept + (report.documentsKept === 1 ? ' receipt' : ' receipts and credit notes') + ' until ' + customerDate(report.keptUntil) + '; then they are deleted as well.'
    : 'You had no receipts, so nothing about you is kept.')
  lines.push('If you sign in with this address again, you start a new, empty account.')
  return compose(to, 'Your ' + BRAND + ' account is deleted', 'Your account is deleted', lines)
}

/**
 * The code that confirms moving the account to this (new) address.
 * @param from the account's current address, so the reader knows which account moves
 */
export function emailChangeCodeMail(to: string, from: string, code: string, ttlMinutes: number): Mail {
  return compose(to, 'Your code to use this address for ' + BRAND, 'Confirm your new e-mail address', [
    'Your code is ' + code + '. It expires in ' + ttlMinutes + ' minutes.',
    'Entering it on your account page moves the ' + BRAND + ' account of ' + from + ' to this address: your subscription, deliveries, receipts and payment method come along, and from then on you sign in with this address.',
    'If you did not ask for this, ignore this message: nothing changes without the code.',
  ])
}

/**
 * The code that confirms, from the CURRENT address, moving the account away from it: a session
 * alone cannot move the account, it also needs this mailbox.
 * @param newEmail where the account would move, so the reader can tell whether they asked
 */
export function emailChangeCurrentCodeMail(to: string, newEmail: string, code: string, ttlMinutes: number): Mail {
  return compose(to, 'Your code to move your ' + BRAND + ' account to another address', 'Confirm moving your account', [
    'Your code is ' + code + '. It expires in ' + ttlMinutes + ' minutes.',
    'Entering it on your account page, together with the code we sent to ' + newEmail + ', moves your ' + BRAND + ' account to ' + newEmail + ': your subscription, deliveries, receipts and payment method go along, and from then on you sign in with that address.',
    'If you did not ask for this, someone signed in to your account may be trying to move it: do not share this code with anyone. Nothing changes without it.',
  ])
}

/** Which side of a change an e-mail goes to, and the two addresses. */
export interface AddressChange {
  from: string
  to: string
  side: 'old' | 'new'
}

/** The e-mail to each address once the account has moved. */
export function emailChangedMail(to: string, change: AddressChange): Mail {
  const lines = change.side === 'old'
    ? [
        'Your ' + BRAND + ' account now uses ' + change.to + ': your subscription, deliveries, receipts and payment method moved there, and you sign in with that address from now on.',
        'Sessions signed in with ' + change.from + ' no longer see any of it. Signing in with ' + change.from + ' again starts a new, empty account.',
        'If you did not make this change, reply to this e-mail at once.',
      ]
    : [
        'This address is now the one for your ' + BRAND + ' account (it was ' + change.from + '). Your subscription, deliveries, receipts and payment method are here, and you sign in with this address from now on.',
      ]
  return compose(to, 'Your ' + BRAND + ' account has a new e-mail address', 'Your e-mail address changed', lines)
}
