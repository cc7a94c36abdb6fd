import { useMemo } from 'react'
import { useCustomerCalls, usePlanList } from '@/contexts/AccountContext'

const PLAN_CALLS = ['choosePlan'] as const

/** The plans for everyone, and the customer's choice of one (start, change, restart), rejecting with a mapped error. */
export function usePlans() {
  const list = usePlanList()
  const { choosePlan } = useCustomerCalls(PLAN_CALLS)
  return useMemo(() => ({ ...list, choosePlan }), [list, choosePlan])
}
