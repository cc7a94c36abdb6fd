import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import {
  ACCOUNT_CLASS, AWS_CLASS, STATIC_INSTANCE_ID,
  type AccountView, type AwsView, type SubscriptionPlan,
} from '@/lib/contract'
import type { RioCloudObject } from '@/lib/rio/client'
import { RioAppError, toAppError } from '@/lib/rio/errors'
import { subscribeCustomerState } from '@/lib/rio/state'
import { useAuth } from './AuthContext'
import { useRio } from './RioContext'
import type { AccountContextValue, AppError, LoadState } from './types'

const AccountContext = createContext<AccountContextValue | undefined>(undefined)
AccountContext.displayName = 'AccountContext'

/** Plans in ascending `sortOrder` (a copy; the input is left alone). */
export function sortPlans(plans: readonly SubscriptionPlan[]): SubscriptionPlan[] {
  return [...plans].sort((a, b) => a.sortOrder - b.sortOrder)
}

interface Objects {
  /** Which sign-in these belong to; values of an older key are stale and never shown. */
  key: string
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

const NO_EMAIL_IN_SESSION: AppError = {
  code: 'NO_EMAIL',
  message: 'This session does not say which e-mail it belongs to. Sign out and sign in again.',
}

const emptyObjects = (key: string): Objects => ({ key, account: null, aws: null, accountLive: null, awsLive: null, error: null })

/** Plans for everyone; the signed-in customer's Account and AWS objects, live. */
export function AccountProvider({ children }: { children: ReactNode }) {
  const { client, error: rioError } = useRio()
  const { isSignedIn, email } = useAuth()

  // Results are tagged with what they answer, so "loading" and "cleared" are derived during
  // render instead of being set synchronously in effects.
  const [plansRequest, setPlansRequest] = useState(0)
  const [plansResult, setPlansResult] = useState<PlansResult | null>(null)
  const objectsKey = client && isSignedIn && email ? email : ''
  const [stored, setStored] = useState<Objects>(() => emptyObjects(''))
  const accountObjectRef = useRef<RioCloudObject | null>(null)

  // Plans: once at start (and on reloadPlans), whatever the auth state.
  useEffect(() => {
    if (!client) return
    let alive = true
    const request = plansRequest
    ;(async () => {
      const object = await client.getCloudObject({ classId: ACCOUNT_CLASS, instanceId: STATIC_INSTANCE_ID, useLocal: true })
      const response = await object.call<SubscriptionPlan[]>({ method: 'getSubscriptionPlans' })
      if (!Array.isArray(response.data)) {
        throw new RioAppError({ code: 'BAD_RESPONSE', message: 'The plans could not be read from the server answer.' })
      }
      return sortPlans(response.data)
    })().then(
      (plans) => { if (alive) setPlansResult({ request, plans, error: null }) },
      (error: unknown) => { if (alive) setPlansResult((prev) => ({ request, plans: prev?.plans ?? [], error: toAppError(error) })) },
    )
    return () => { alive = false }
  }, [client, plansRequest])

  // The customer's objects: only while signed in; unsubscribed as soon as that ends.
  useEffect(() => {
    accountObjectRef.current = null
    if (!client || !objectsKey) return
    let alive = true
    const key = objectsKey
    const stops: Array<() => void> = []
    const update = (patch: Partial<Objects>) => {
      if (!alive) return
      setStored((prev) => ({ ...(prev.key === key ? prev : emptyObjects(key)), ...patch }))
    }
    ;(async () => {
      const [awsObject, accountObject] = await Promise.all([
        client.getCloudObject({ classId: AWS_CLASS, body: { email: key } }),
        client.getCloudObject({ classId: ACCOUNT_CLASS, body: { email: key } }),
      ])
      if (!alive) return
      accountObjectRef.current = accountObject
      stops.push(subscribeCustomerState<AccountView>(accountObject, {
        onState: (account, live) => update({ account, accountLive: live }),
        onError: (error) => update({ error }),
      }))
      stops.push(subscribeCustomerState<AwsView>(awsObject, {
        onState: (aws, live) => update({ aws, awsLive: live }),
        onError: (error) => update({ error }),
      }))
    })().catch((error: unknown) => update({ error: toAppError(error) }))
    return () => {
      alive = false
      accountObjectRef.current = null
      stops.forEach((stop) => stop())
      // Forget this sign-in's data, so signing in again as the same customer starts from loading.
      setStored(emptyObjects(''))
    }
  }, [client, objectsKey])

  const objects = stored.key === objectsKey && objectsKey ? stored : emptyObjects(objectsKey)
  // Both objects are keyed by the e-mail in the session's claims; without it there is nothing to load.
  const sessionError = client && isSignedIn && !email ? NO_EMAIL_IN_SESSION : null
  const loading = Boolean(objectsKey) && !objects.error && (objects.accountLive === null || objects.awsLive === null)

  const currentPlans = plansResult?.request === plansRequest ? plansResult : null
  const plansStatus: LoadState = rioError || currentPlans?.error ? 'error'
    : currentPlans ? 'success'
    : client ? 'loading' : 'idle'

  const reloadPlans = useCallback(() => setPlansRequest((n) => n + 1), [])

  const choosePlan = useCallback<AccountContextValue['choosePlan']>(async (planId) => {
    const object = accountObjectRef.current
    if (!object) {
      throw isSignedIn
        ? new RioAppError({ code: 'NOT_READY', message: 'Your account is still loading. Try again in a moment.' })
        : new RioAppError({ code: 'NOT_SIGNED_IN', message: 'Sign in to choose a plan.' })
    }
    if (!planId) throw new RioAppError({ code: 'VALIDATION', message: 'Choose one of the plans.' })
    try {
      await object.call({ method: 'selectPlan', body: { planId } })
    } catch (error) {
      throw toAppError(error)
    }
    // Without live updates the new plan would not show until a reload: read the state once.
    if (objects.accountLive === false) {
      try {
        const response = await object.getState()
        const key = objects.key
        if (accountObjectRef.current === object) {
          const account = { ...response.data.public, ...Object.assign({}, ...Object.values(response.data.user ?? {})) } as AccountView
          setStored((prev) => (prev.key === key ? { ...prev, account } : prev))
        }
      } catch {
        // The plan was saved; a stale card is better than reporting a failure that did not happen.
      }
    }
  }, [isSignedIn, objects.accountLive, objects.key])

  const plans = plansResult?.plans ?? EMPTY_PLANS
  const plansError = rioError ?? currentPlans?.error ?? null

  const value = useMemo<AccountContextValue>(() => ({
    plans,
    plansStatus,
    plansError,
    reloadPlans,
    account: objects.account,
    aws: objects.aws,
    loading,
    accountError: sessionError ?? objects.error,
    liveUpdates: objects.accountLive !== false && objects.awsLive !== false,
    choosePlan,
  }), [plans, plansStatus, plansError, reloadPlans, objects, loading, sessionError, choosePlan])

  return <AccountContext.Provider value={value}>{children}</AccountContext.Provider>
}

/** Plans and the signed-in customer's data. Throws outside an AccountProvider. */
export function useAccount(): AccountContextValue {
  const context = useContext(AccountContext)
  if (context === undefined) throw new Error('useAccount must be used within a AccountProvider')
  return context
}
