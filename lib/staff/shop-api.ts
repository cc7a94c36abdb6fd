/**
 * Requests of the `Shop` class (instance `main`) for staff: the caller's own roles, and for owners
 * the members, adding, changing and removing them, and the audit log. Every failure leaves here as
 * an `AppError` made by lib/rio/errors.
 */
import type { AuditEntry, Role, StaffAction } from '@retter-shared/BeanBloomIdentity/roles'
import type { RioAccessor } from '@/lib/rio/client'
import { guarded } from '@/lib/rio/errors/map'

export type { AuditEntry }

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
    }
  })
}
