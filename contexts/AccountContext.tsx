import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import type { AccountView, AwsView, SubscriptionPlan } from '@/lib/contract'
import type { CustomerObjects } from '@/lib/customer/account-api'
import { bindCustomerCalls, type CustomerCall } from '@/lib/customer/customer-calls'
import { accountNotReadyError, noEmailInSessionError, notSignedInError } from '@/lib/rio/errors/app-error'
import { mapRejection, toAppErrorLater } from '@/lib/rio/errors/map-later'
import type { AppError, LoadState } from '@/lib/types'
import { useAuth } from '@/contexts/AuthContext'
import { useRio } from '@/contexts/RioContext'
import type { AccountContextValue, CustomerHandle, PlanList } from './account-types'

// The request layer comes with the SDK's start (lib/rio/start.ts), not with the page.
const accountApi = () => import('@/lib/rio/start').then((start) => start.accountApi)

/** What the provider holds: the plans and the customer's handle; the features' calls are bound in their hooks. */
interface AccountState {
  plans: PlanList
  customer: CustomerHandle
}

const AccountContext = createContext<AccountState | undefined>(undefined)
AccountContext.displayName = 'AccountContext'

interface Objects {
  /** Which sign-in these belong to; values of an older key are stale and never shown. */
  key: string
  /** The opened objects, to choose a plan with; null until they are open. */
  handle: CustomerObjects | null
  account: AccountView | null
  aws: AwsView | null
  accountLive: boolean | null
  awsLive: boolean | null
  error: AppError | null
}

interface PlansResult {
  request: number
  plans: SubscriptionPlan[]
  error: AppError | null
}

const EMPTY_PLANS: SubscriptionPlan[] = []
/** One object, so what shows it does not re-render for a new one each time. */
const NO_EMAIL_IN_SESSION = noEmailInSessionError()


/** A failure the connection's return can mend (not a server error): asked again on the `online` event. */
const unreachable = (error: AppError | null | undefined): boolean => error?.code === 'NETWORK' || error?.code === 'TIMEOUT'

const emptyObjects = (key: string): Objects => ({ key, handle: null, account: null, aws: null, accountLive: null, awsLive: null, error: null })

/** Plans for everyone; the signed-in customer's Account and AWS objects, live. */
export function AccountProvider({ children }: { children: ReactNode }) {
  const { client, rio, error: rioError } = useRio()
  const { isSignedIn, email } = useAuth()

  // Results are tagged with what they answer, so "loading" and "cleared" are derived during
  // render instead of being set synchronously in effects.
  const [plansRequest, setPlansRequest] = useState(0)
  const [plansResult, setPlansResult] = useState<PlansResult | null>(null)
  const objectsKey = client && isSignedIn && email ? email : ''
  // Bumped by retryAccount: opens the customer's objects again (after an outage).
  const [objectsRequest, setObjectsRequest] = useState(0)
  const [stored, setStored] = useState<Objects>(() => emptyObjects(''))
  // The objects of the current sign-in while they open: a plan chosen the moment the prerendered
  // plans offer it waits for them instead of failing.
  const opening = useRef<Promise<CustomerObjects> | null>(null)

  // Plans: once at start (and on reloadPlans), whatever the auth state.
  useEffect(() => {
    if (!client) return
    let alive = true
    const request = plansRequest
    accountApi().then(({ loadPlans }) => loadPlans(rio)).then(
      (plans) => { if (alive) setPlansResult({ request, plans, error: null }) },
      (error: unknown) => toAppErrorLater(error).then((appError) => {
        if (alive) setPlansResult((prev) => ({ request, plans: prev?.plans ?? [], error: appError }))
      }),
    )
    return () => { alive = false }
  }, [client, rio, plansRequest])

  // The customer's objects: only while signed in; unsubscribed as soon as that ends.
  useEffect(() => {
    if (!client || !objectsKey) return
    let alive = true
    const key = objectsKey
    let stop: (() => void) | null = null
    const update = (patch: Partial<Objects>) => {
      if (!alive) return
      setStored((prev) => ({ ...(prev.key === key ? prev : emptyObjects(key)), ...patch }))
    }
    const open = accountApi().then(({ openCustomerObjects }) => openCustomerObjects(rio, key))
    opening.current = open
    open.then((handle) => {
      if (!alive) return
      update({ handle })
      stop = handle.watch({
        account: { onState: (account, live) => update({ account, accountLive: live }), onError: (error) => update({ error }) },
        aws: { onState: (aws, live) => update({ aws, awsLive: live }), onError: (error) => update({ error }) },
      })
    }).catch((error: unknown) => toAppErrorLater(error).then((appError) => update({ error: appError })))
    return () => {
      alive = false
      if (opening.current === open) opening.current = null
      stop?.()
      // Forget this sign-in's data and objects, so signing in again as the same customer starts
      // from loading and nothing can reach the previous customer's objects.
      setStored(emptyObjects(''))
    }
  }, [client, rio, objectsKey, objectsRequest])

  const objects = stored.key === objectsKey && objectsKey ? stored : emptyObjects(objectsKey)
  // Both objects are keyed by the e-mail in the session's claims; without it there is nothing to load.
  const sessionError = client && isSignedIn && !email ? NO_EMAIL_IN_SESSION : null
  const loading = Boolean(objectsKey) && !objects.error && (objects.accountLive === null || objects.awsLive === null)

  const currentPlans = plansResult?.request === plansRequest ? plansResult : null
  const plansStatus: LoadState = rioError || currentPlans?.error ? 'error'
    : currentPlans ? 'success'
    : client ? 'loading' : 'idle'

  const reloadPlans = useCallback(() => setPlansRequest((n) => n + 1), [])
  const retryAccount = useCallback(() => setObjectsRequest((n) => n + 1), [])

  // The connection is back: what failed for want of it is asked again at once, so "Cannot reach
  // the service" goes without a reload (and without waiting for the next timed retry).
  const plansUnreachable = unreachable(currentPlans?.error)
  const objectsUnreachable = unreachable(objects.error)
  // A layout effect: the listener is in place before the message can paint, so a connection that
  // returns at that very moment is not missed (a passive effect runs some time after the paint).
  useLayoutEffect(() => {
    if (!plansUnreachable && !objectsUnreachable) return
    const onOnline = () => {
      if (plansUnreachable) reloadPlans()
      if (objectsUnreachable) retryAccount()
    }
    window.addEventListener('online', onOnline)
    return () => window.removeEventListener('online', onOnline)
  }, [plansUnreachable, objectsUnreachable, reloadPlans, retryAccount])

  const { handle, accountLive, key: objectsOf } = objects
  /**
   * Runs one change on the opened Account (waiting for it while it opens), rejecting only with a
   * mapped error; without live updates, reads the state once after it.
   */
  const change = useCallback(<T,>(request: (objects: CustomerObjects) => Promise<T>) => mapRejection(async () => {
    const objectsNow = handle ?? (isSignedIn && opening.current ? await opening.current.catch(() => null) : null)
    if (!objectsNow) {
      throw isSignedIn ? accountNotReadyError() : notSignedInError()
    }
    const result = await request(objectsNow)
    // Without live updates the change would not show until a reload: read the state once.
    if (accountLive === false) {
      try {
        const account = await objectsNow.readAccount()
        setStored((prev) => (prev.key === objectsOf && prev.handle === objectsNow ? { ...prev, account } : prev))
      } catch {
        // The change was saved; a stale card is better than reporting a failure that did not happen.
      }
    }
    return result
  }), [isSignedIn, handle, accountLive, objectsOf])
  const plans = plansResult?.plans ?? EMPTY_PLANS
  const plansError = rioError ?? currentPlans?.error ?? null

  const planList = useMemo<PlanList>(() => ({ plans, plansStatus, plansError, reloadPlans }), [plans, plansStatus, plansError, reloadPlans])
  const customer = useMemo<CustomerHandle>(() => ({
    account: objects.account,
    aws: objects.aws,
    loading,
    accountError: sessionError ?? objects.error,
    liveUpdates: objects.accountLive !== false && objects.awsLive !== false,
    retryAccount,
    run: change,
  }), [objects, loading, sessionError, retryAccount, change])
  const value = useMemo<AccountState>(() => ({ plans: planList, customer }), [planList, customer])

  return <AccountContext.Provider value={value}>{children}</AccountContext.Provider>
}

function useAccountState(hook: string): AccountState {
  const context = useContext(AccountContext)
  if (context === undefined) throw new Error(`${hook} must be used within a AccountProvider`)
  return context
}

/** The plans, for everyone. Throws outside an AccountProvider. */
export function usePlanList(): PlanList {
  return useAccountState('usePlanList').plans
}

/** The signed-in customer's handle: their objects' state and `run`. Throws outside an AccountProvider. */
export function useCustomer(): CustomerHandle {
  return useAccountState('useCustomer').customer
}

/**
 * The named calls of the customer, bound to the handle's `run`: what a feature's own hook returns
 * (`names` a constant of that hook, so the calls stay the same between renders).
 */
export function useCustomerCalls<K extends CustomerCall>(names: readonly K[]) {
  const { run } = useAccountState('useCustomerCalls').customer
  return useMemo(() => bindCustomerCalls(run, names), [run, names])
}

const EVERY_CALL: readonly CustomerCall[] = ['choosePlan', 'changeSubscription', 'startPaymentSetup', 'savePaymentMethod', 'retryPayment',
  'exportMyData', 'requestAccountDeletion', 'deleteMyAccount', 'requestEmailChange', 'confirmEmailChange']

/**
 * Everything at once: the plans, the customer's handle and every call. For tests and callers that
 * need the whole; a feature uses its own hook (usePlans, useSubscription, usePayments, usePrivacy).
 * Throws outside an AccountProvider.
 */
export function useAccount(): AccountContextValue {
  const { plans, customer } = useAccountState('useAccount')
  return useMemo(() => {
    const { run: _run, ...state } = customer
    return { ...plans, ...state, ...bindCustomerCalls(customer.run, EVERY_CALL) }
  }, [plans, customer])
}
