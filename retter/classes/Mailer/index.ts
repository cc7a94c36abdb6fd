/**
 * The `Mailer` class: sends the e-mail of an Account's outbox (retter/classes/Account/mail/outbox.ts) so
 * the Account never holds its customer's calls while a mail server answers. One instance per
 * Account, under the Account's id, opened by the first hand-off; it keeps a message only until it
 * is sent or has failed every try, then only its id and outcome (deliver.ts).
 *
 * Who may do what: the Account class hands over (a delayed call of its commit, to the STATIC
 * `handOver`, which needs no instance, or, once its instance exists, to that instance's `accept`:
 * an Account only to the instance of its own id); the class itself opens, fills and runs its instances.
 * Nobody else: customers and staff are refused, and STATE shows counts only (messages hold
 * addresses and bodies).
 */
import { refuse, respond } from 'BeanBloomKit'
import RDK, { Data, Response } from '@retter/rdk'
import { ALLOW, deny, isPlatformCall } from 'BeanBloomIdentity'
import { callOpening, describeFailure, INSTANCE_BUSY, succeeded } from 'BeanBloomBoard'
import { mailerOf, MAILER_CLASS, ACCEPT_METHOD, HandedMail } from './deliver'

const rdk = new RDK()

const ACCOUNT_CLASS = 'Account'
const FOR_ITSELF = ['INIT', 'GET', 'STATE', 'accept', 'send']

export async function authorizer(data: Data): Promise<Response> {
  const context = data.context
  if (context.methodName === 'handOver' && isPlatformCall(context, ACCOUNT_CLASS)) return ALLOW
  // An Account whose Mailer exists hands over to it directly: its own instance only.
  if (context.methodName === ACCEPT_METHOD && isPlatformCall(context, ACCOUNT_CLASS) && !!context.instanceId && context.refererInstanceId === context.instanceId) return ALLOW
  if (FOR_ITSELF.indexOf(context.methodName) >= 0 && isPlatformCall(context, MAILER_CLASS)) return ALLOW
  return deny(context, 'The mailer sends the customers\u2019 e-mail for their accounts; nobody calls it directly')
}

/** INIT: nothing waits yet. */
export async function init(data: Data): Promise<Data> {
  data.state.public = {}
  data.state.private = { queue: [], done: [] }
  data.state.user = {}
  data.state.role = {}
  respond(data)
  return data
}

/** STATE: how many messages wait and how many were dealt with; never a message. */
export async function getState(data: Data): Promise<Response> {
  const mailer = mailerOf(data)
  return { statusCode: 200, body: { public: { waiting: mailer.queue.length, done: mailer.done.length }, private: {}, user: {}, role: {} } }
}

/**
 * STATIC (Account class only) {id, messageId, mail}: gives the message to the instance of the
 * Account that scheduled this call (its id is the caller's, never the body's), opening it the
 * first time. Passes on 570 when that instance stayed busy (the platform runs this call again),
 * 503 when it did not take the message (the Account hands it over again later).
 */
export async function handOver(data: Data<HandedMail>): Promise<Data> {
  const accountId = data.context.refererInstanceId
  if (!accountId) {
    refuse(data, 400, 'NO_ACCOUNT', 'A hand-off comes from an Account instance')
    return data
  }
  const call = function () { return rdk.methodCall({ classId: MAILER_CLASS, instanceId: accountId, methodName: ACCEPT_METHOD, body: data.request.body }) }
  const answer = await callOpening(call, function () { return rdk.getInstance({ classId: MAILER_CLASS, instanceId: accountId }) })
  if (succeeded(answer)) {
    respond(data, answer.body)
  } else {
    console.error('[Mailer] a hand-off was not taken: ' + describeFailure(answer))
    data.response = answer.statusCode === INSTANCE_BUSY
      ? { statusCode: INSTANCE_BUSY, body: { code: 'MAILER_BUSY', message: 'The mailer is busy; try again' } }
      : { statusCode: 503, body: { code: 'MAILER_UNAVAILABLE', message: 'The mailer did not take the e-mail; its Account hands it over again' } }
  }
  return data
}
