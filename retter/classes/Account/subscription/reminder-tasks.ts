/**
 * Methods run by Retter's delayed calls (`data.tasks`), never by customers (the authorizer lets only
 * the platform call them): the upcoming-delivery reminder, and board updates tried again. (The mail
 * retry is mail/outbox.ts's.)
 */
import { respond } from 'BeanBloomKit'
import { Data } from '@retter/rdk'
import { catalogueInUse, isFinal, paymentOn } from 'BeanBloomSubscription'
import { planOn } from '../payments/charge-task'
import { current, mailCustomer } from './customer-view'
import { privateOf } from '../customer'
import { keepReminder, ranTask, stillDue } from './reminders'
import { syncBoards } from './roastery-boards'
import { retellPayments } from '../payments/board-payment'
import { isShipped } from './shipments'
import { moveDaysOf, reminderLinks } from './delivery-links'
import { coffeeOptions } from './delivery-coffee'
import { deliveryTotal } from './delivery-extras'
import { storedLocale } from '../language'

/**
 * WRITE (task) {date}: e-mails "your coffee arrives …" if that delivery is still due and was not
 * reminded of yet, then schedules the reminder of the next delivery. A task for a delivery that is
 * no longer the pending one (the schedule changed since) does nothing. Either way the roastery's
 * boards are brought up to date: days that came within the customer's upcoming deliveries since
 * their last change get their delivery, so boards stay full without customers writing.
 */
export async function sendDeliveryReminder(data: Data<{ date: string }>): Promise<Data> {
  const date = data.request.body ? data.request.body.date : ''
  const nowMs = Date.now()
  const priv = privateOf(data)
  priv.reminderTasks = ranTask(priv.reminderTasks, date)
  const view = current(data, nowMs)
  await syncBoards(data, view, nowMs)
  if (date !== priv.reminderFor) {
    respond(data, { sent: false, reason: 'superseded' })
    return data
  }
  delete priv.reminderFor
  // Never for a delivery skipped, already shipped (staff may ship early), final or charged, or on hold.
  const due = stillDue(view, date, nowMs) && priv.remindedFor !== date && !isShipped(view, date) && !isFinal(date, nowMs) && !paymentOn(view.payments, date) && !view.paymentHoldSince
  if (due) {
    priv.remindedFor = date
    const plan = planOn(view, date)
    // One-click links: skip it, or change its day or coffee (when there is one to change to).
    const canChange = moveDaysOf(view, date, nowMs).length > 0 || (!!plan && coffeeOptions(catalogueInUse(), plan).length > 0)
    const links = reminderLinks(data.context.instanceId || '', date.slice(0, 10), canChange, storedLocale(view))
    // What this delivery will be charged, its extras included (a price change reaches it only with notice).
    mailCustomer(data, view, { kind: 'reminder', date: date, amountCents: plan ? deliveryTotal(view, date) : undefined, links: links })
  }
  keepReminder(data, view, nowMs)
  respond(data, { sent: due, reason: due ? 'due' : 'not due' })
  return data
}

/**
 * WRITE (task): tries again the board updates and payment outcomes that failed (roastery-boards.ts and
 * board-payment.ts schedule it). Answers the days still failing; an empty list when the boards are in line.
 */
export async function syncRoastery(data: Data): Promise<Data> {
  const nowMs = Date.now()
  delete privateOf(data).boardRetryPending
  const view = current(data, nowMs)
  const failed = await syncBoards(data, view, nowMs)
  // Payment outcomes a board did not take are told again, as they stand now.
  const untold = await retellPayments(data, view)
  respond(data, { failed: failed.concat(untold.filter(function (day) { return failed.indexOf(day) < 0 })) })
  return data
}
