import { useCallback, useEffect, useRef, useState } from 'react'
import type { Role, StaffAction } from '@retter-shared/BeanBloomIdentity/roles'
import { STAFF_IDENTITY } from '@/lib/contract'
import type { AuditEntry, Coffee, CustomersFound, Extra, MonthReport, OwnedCatalogue, PlanInput, ShopApi, StaffMember } from '@/lib/staff/shop-api'
import { mapRejection, toAppErrorLater } from '@/lib/rio/errors/map-later'
import type { AppError } from '@/lib/types'
import { useAuth } from '@/contexts/AuthContext'
import { useRio } from '@/contexts/RioContext'
import { useT } from '@/contexts/I18nContext'

// The shop's requests load with the roastery page, not with the app.
const shopApi = () => import('@/lib/staff/shop-api')

/** What the roastery page knows of the staff: the caller's roles, and for owners the members and the log. */
export interface StaffView {
  /** null until the caller's roles arrive (and for anyone who is not staff). */
  actions: StaffAction[] | null
  /** For owners: the members and the audit log, newest first (null until read, or when not an owner). */
  members: StaffMember[] | null
  audit: AuditEntry[] | null
  error: AppError | null
  /** Adds a member or changes their roles, then reads the list again; rejects with an AppError. */
  setMember(email: string, roles: Role[]): Promise<void>
  /** Removes a member, then reads the list again; rejects with an AppError. */
  removeMember(email: string): Promise<void>
  /** For owners: the whole catalogue (null until read, or when not an owner). */
  catalogue: OwnedCatalogue | null
  /** Each changes the catalogue, then reads it and the log again; rejects with an AppError. */
  savePlan(plan: PlanInput, create: boolean): Promise<void>
  retirePlan(planId: string): Promise<void>
  saveCoffee(coffee: Coffee): Promise<void>
  saveExtra(extra: Extra, create: boolean): Promise<void>
  /** Answers the first delivery day existing subscribers pay the new price. */
  changePrice(planId: string, amountCents: number): Promise<{ from: string }>
  /** Support and owners: the customers `query` finds; rejects with an AppError. */
  findCustomers(query: string): Promise<CustomersFound>
  /** Finance and owners: a month's report; rejects with an AppError. */
  getReport(month: string): Promise<MonthReport>
}

/**
 * The caller's roles on the staff (the Shop's `myRoles`), and for owners the members and the audit
 * log, read when the page opens and again after each change. Nothing is asked for anyone else.
 */
export function useStaff(): StaffView {
  const t = useT()
  const { rio, client } = useRio()
  const { isSignedIn, identity, uid } = useAuth()
  const key = client && isSignedIn && identity === STAFF_IDENTITY ? uid ?? '' : null
  const [actions, setActions] = useState<StaffAction[] | null>(null)
  const [members, setMembers] = useState<StaffMember[] | null>(null)
  const [audit, setAudit] = useState<AuditEntry[] | null>(null)
  const [catalogue, setCatalogue] = useState<OwnedCatalogue | null>(null)
  const [error, setError] = useState<AppError | null>(null)
  const shopRef = useRef<ShopApi | null>(null)

  const readOwned = useCallback(async (shop: ShopApi) => {
    const [list, log, owned] = await Promise.all([shop.getStaff(), shop.getAuditLog(), shop.getCatalogue()])
    setMembers(list)
    setAudit(log)
    setCatalogue(owned)
  }, [])

  useEffect(() => {
    if (key === null) return
    let alive = true
    shopApi().then(({ openShop }) => openShop(rio)).then(async (shop) => {
      if (!alive) return
      shopRef.current = shop
      const mine = await shop.myRoles()
      if (!alive) return
      setActions(mine.actions)
      if (mine.actions.includes('staff.manage')) await readOwned(shop)
    }).catch((failure: unknown) => {
      void toAppErrorLater(failure).then((mapped) => { if (alive) setError(mapped) })
    })
    return () => {
      alive = false
      shopRef.current = null
    }
  }, [key, rio, readOwned])

  const change = useCallback(<R,>(run: (shop: ShopApi) => Promise<R>) => mapRejection(async () => {
    const shop = shopRef.current
    if (!shop) throw new Error(t('staff.notOpen'))
    const answer = await run(shop)
    await readOwned(shop)
    return answer
  }), [readOwned, t])

  const setMember = useCallback((email: string, roles: Role[]) => change((shop) => shop.setMember(email, roles)), [change])
  const removeMember = useCallback((email: string) => change((shop) => shop.removeMember(email)), [change])
  const savePlan = useCallback((plan: PlanInput, create: boolean) => change((shop) => shop.savePlan(plan, create)), [change])
  const retirePlan = useCallback((planId: string) => change((shop) => shop.retirePlan(planId)), [change])
  const saveCoffee = useCallback((coffee: Coffee) => change((shop) => shop.saveCoffee(coffee)), [change])
  const saveExtra = useCallback((extra: Extra, create: boolean) => change((shop) => shop.saveExtra(extra, create)), [change])
  const changePrice = useCallback((planId: string, amountCents: number) => change((shop) => shop.changePrice(planId, amountCents)), [change])

  // A search changes nothing: nothing is read again after it.
  const findCustomers = useCallback((query: string) => mapRejection(async () => {
    const shop = shopRef.current
    if (!shop) throw new Error(t('staff.notOpen'))
    return shop.findCustomers(query)
  }), [t])

  const getReport = useCallback((month: string) => mapRejection(async () => {
    const shop = shopRef.current
    if (!shop) throw new Error(t('staff.notOpen'))
    return shop.getReport(month)
  }), [t])

  return { actions, members, audit, error, setMember, removeMember, catalogue, savePlan, retirePlan, saveCoffee, saveExtra, changePrice, findCustomers, getReport }
}
