/**
 * A customer's calls to the Account class in-process, as the class tests make them: sign in, call a
 * method (as the customer or with another token), expect a 200, read their user state and the mail
 * sent to them. One set, so each test file states only what is its own.
 */
import type { Backend } from '../app'
import { userIdFor } from './ids'
import { call, sessions, type Reply } from './in-process'

/** A signed-in customer: their access token, Account id and address. */
export interface Customer {
  token: string
  accountId: string
  email: string
}

/** What a method answers: its body, or a refusal's code and message. */
export type Answer<T> = Reply<T & { code?: string; message?: string }>

/** A message of the dev outbox (newest first). */
export interface SentMail {
  to: string
  subject: string
  text: string
  html?: string
  code?: string
  /** Files attached (a receipt's PDF), base64. */
  attachments?: Array<{ filename: string; contentType: string; contentBase64: string }>
}

/**
 * The customer calls of the backend `current()` returns (tests make a new backend per test).
 * `T` is the user state's shape the test reads.
 */
export function accountClient<T = Record<string, unknown>>(current: () => Backend) {
  const path = (who: Customer, action: string, rest: string, token: string | undefined) =>
    `/${current().projectId}/${action}/Account/${rest}${token ? `?_token=${token}` : ''}`

  /** Calls `name` on the customer's Account, with their token unless another is given ('' for none). */
  function method<R = T & Record<string, unknown>>(who: Customer, name: string, body?: unknown, token: string = who.token): Promise<Answer<R>> {
    return call(current(), 'POST', path(who, 'CALL', `${name}/${who.accountId}`, token), body)
  }

  return {
    /** Signs `email` in with a code from the outbox. */
    async signIn(email: string): Promise<Customer> {
      return { ...(await sessions(current()).customer(email)), email }
    },
    method,
    /** Calls `name` and expects a 200 (a failure names the method and shows the answer); resolves with the body. */
    async ok<R = T>(who: Customer, name: string, body?: unknown): Promise<R> {
      const res = await method<R>(who, name, body)
      expect({ name, status: res.status, body: res.body }).toMatchObject({ status: 200 })
      return res.body
    },
    /** The customer's own user state, or undefined when the Account holds none for them. */
    async userState(who: Customer): Promise<T | undefined> {
      const res = await call<{ user: Record<string, T> }>(current(), 'POST', path(who, 'STATE', who.accountId, who.token))
      return res.body.user[userIdFor(who.email)]
    },
    /** Every e-mail sent to `email` (up to 500, newest first), once what the calls before handed on has run. */
    async outbox(email: string): Promise<SentMail[]> {
      return (await call<SentMail[]>(current(), 'GET', `/__dev/outbox?to=${encodeURIComponent(email)}&limit=500`)).body
    },
  }
}
