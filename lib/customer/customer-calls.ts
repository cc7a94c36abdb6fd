/**
 * The signed-in customer's calls, bound to one runner: each feature's hook (usePayments,
 * usePrivacy, useSubscription, usePlans) binds the calls it makes to the customer handle's `run`,
 * which waits for the opened objects and rejects only with a mapped error. Types only from the
 * request layer: it loads with the first request, never with a page.
 */
import type { CustomerObjects } from './account-api'

/** The calls a feature may make on the customer's opened objects, as the request layer types them. */
export type CustomerCall = 'choosePlan' | 'changeSubscription' | 'startPaymentSetup' | 'savePaymentMethod' | 'retryPayment'
  | 'exportMyData' | 'requestAccountDeletion' | 'deleteMyAccount' | 'requestEmailChange' | 'confirmEmailChange' | 'setLocale'
  | 'buyGift' | 'confirmGift' | 'cancelGift' | 'redeemGift'

/** Runs one request on the customer's opened objects (the customer handle's `run`). */
export type CustomerRun = <T>(request: (objects: CustomerObjects) => Promise<T>) => Promise<T>

/** The named calls, each running through `run` with the request layer's own signature. */
export function bindCustomerCalls<K extends CustomerCall>(run: CustomerRun, names: readonly K[]): Pick<CustomerObjects, K> {
  const bound: Partial<Record<CustomerCall, unknown>> = {}
  for (const name of names) {
    // The arguments pass through unchanged; the method is called on its own objects (its `this`).
    bound[name] = (...args: unknown[]) => run((objects) => Reflect.apply(objects[name], objects, args) as Promise<unknown>)
  }
  return bound as Pick<CustomerObjects, K>
}
