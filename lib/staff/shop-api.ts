/**
 * Requests of the `Shop` class (instance `main`) for staff: the caller's own roles, and for owners
 * the members, adding, changing and removing them, the audit log, and the catalogue (plans,
 * coffees, price changes); for support and owners, finding a customer. Every failure leaves here as
 * an `AppError` made by lib/rio/errors.
 */
import type { AuditEntry, Role, StaffAction } from '@retter-shared/BeanBloomIdentity/roles'
import type { Catalogue, CataloguePlan, Coffee } from '@retter-shared/BeanBloomSubscription/catalogue'
import type { Extra } from '@retter-shared/BeanBloomSubscription/extras'
import type { FoundCustomer } from '@retter-shared/BeanBloomSubscription/directory'
import type { MonthReport } from '@retter-shared/BeanBloomSubscription/reports'
import type { RioAccessor } from '@/lib/rio/client'
import { guarded } from '@/lib/rio/errors/map'

export type { AuditEntry, CataloguePlan, Coffee, Extra, FoundCustomer, MonthReport }

/** What a customer search answers: the best matches, and whether part of the directory did not answer. */
export interface CustomersFound {
  customers: FoundCustomer[]
  partial?: boolean
}

/** The whole catalogue as owners read it, with what the staff page flags. */
export interface OwnedCatalogue extends Catalogue {
  /** Active plans sharing a `sortOrder` (allowed, shown). */
  sortOrderClashes: string[]
  /** By plan id: the languages it has no words in (they read in English). */
  missingTranslations: Record<string, string[]>
  /** Days of notice a price change gives existing subscribers. */
  priceNoticeDays: number
  /** The languages a plan carries words in besides English. */
  locales: string[]
}

/** A plan as the form sends it (its price history and retirement are the Shop's). */
export type PlanInput = Omit<CataloguePlan, 'prices' | 'retiredAt' | 'currency' | 'interval'>

export const SHOP_CLASS = 'Shop'
export const SHOP_INSTANCE = 'main'

/** A member as owners see them; `bootstrap` ones are named by the project environment (STAFF_EMAILS). */
export interface StaffMember {
  email: string
  roles: Role[]
  bootstrap: boolean
  changedAt?: string
  changedBy?: string
}

export interface MyRoles {
  email: string
  roles: Role[]
  actions: StaffAction[]
}

export interface ShopApi {
  myRoles(): Promise<MyRoles>
  getStaff(): Promise<StaffMember[]>
  setMember(email: string, roles: Role[]): Promise<void>
  removeMember(email: string): Promise<void>
  getAuditLog(): Promise<AuditEntry[]>
  getCatalogue(): Promise<OwnedCatalogue>
  savePlan(plan: PlanInput, create: boolean): Promise<void>
  retirePlan(planId: string): Promise<void>
  saveCoffee(coffee: Coffee): Promise<void>
  /** `create`: a new extra, refused when its id is taken. */
  saveExtra(extra: Extra, create: boolean): Promise<void>
  /** Answers the first delivery day existing subscribers pay the new price (ISO). */
  changePrice(planId: string, amountCents: number): Promise<{ from: string }>
  /** Support and owners: the customers `query` finds (the best 20). */
  findCustomers(query: string): Promise<CustomersFound>
  /** Finance and owners: the report of `month` (`YYYY-MM`). */
  getReport(month: string): Promise<MonthReport>
}

/** Opens the shop (creating it the first time a member of staff opens it). Rejects with an AppError. */
export function openShop(rio: RioAccessor): Promise<ShopApi> {
  return guarded(async () => {
    const client = await rio()
    const object = await client.getCloudObject({ classId: SHOP_CLASS, instanceId: SHOP_INSTANCE })
    const read = async <T>(method: string): Promise<T> => (await guarded(() => object.call<T>({ method }))).data as T
    return {
      myRoles: () => read<MyRoles>('myRoles'),
      getStaff: async () => (await read<{ members: StaffMember[] }>('getStaff')).members,
      async setMember(email, roles) {
        await guarded(() => object.call({ method: 'setMember', body: { email, roles } }))
      },
      async removeMember(email) {
        await guarded(() => object.call({ method: 'removeMember', body: { email } }))
      },
      getAuditLog: async () => (await read<{ entries: AuditEntry[] }>('getAuditLog')).entries,
      getCatalogue: async () => (await guarded(() => object.call<OwnedCatalogue>({ method: 'getCatalogue', body: { all: true } }))).data as OwnedCatalogue,
      async savePlan(plan, create) {
        await guarded(() => object.call({ method: 'savePlan', body: { plan, create } }))
      },
      async retirePlan(planId) {
        await guarded(() => object.call({ method: 'retirePlan', body: { planId } }))
      },
      async saveCoffee(coffee) {
        await guarded(() => object.call({ method: 'saveCoffee', body: { coffee } }))
      },
      async saveExtra(extra, create) {
        await guarded(() => object.call({ method: 'saveExtra', body: { extra, create } }))
      },
      getReport: async (month) => (await guarded(() => object.call<MonthReport>({ method: 'getReport', body: { month } }))).data as MonthReport,
      findCustomers: async (query) => (await guarded(() => object.call<CustomersFound>({ method: 'findCustomers', body: { query } }))).data as CustomersFound,
      changePrice: async (planId, amountCents) => (await guarded(() => object.call<{ from: string }>({ method: 'changePrice', body: { planId, amountCents } }))).data as { from: string },
    }
  })
}
