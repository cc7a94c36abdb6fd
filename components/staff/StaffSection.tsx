import { useId, useState } from 'react'
import { ROLES, type Role } from '@retter-shared/BeanBloomIdentity/roles'
import { useLocale, useT } from '@/contexts/I18nContext'
import { formatDateTime } from '@/lib/format/date'
import type { MessageKey } from '@/lib/i18n/types'
import { asAppError } from '@/lib/rio/errors/app-error'
import { auditCsv } from '@/lib/staff/audit-csv'
import { downloadText } from '@/lib/roastery/download'
import type { StaffMember } from '@/lib/staff/shop-api'
import type { StaffView } from './useStaff'
import styles from '@/components/roastery/Roastery.module.css'

const ROLE_KEYS: Record<Role, { name: MessageKey; help: MessageKey }> = {
  owner: { name: 'staff.role.owner', help: 'staff.role.ownerHelp' },
  roaster: { name: 'staff.role.roaster', help: 'staff.role.roasterHelp' },
  support: { name: 'staff.role.support', help: 'staff.role.supportHelp' },
  finance: { name: 'staff.role.finance', help: 'staff.role.financeHelp' },
}

const AUDIT_KEYS: Record<string, MessageKey> = {
  'member.added': 'staff.audit.memberAdded',
  'member.changed': 'staff.audit.memberChanged',
  'member.removed': 'staff.audit.memberRemoved',
  'delivery.shipped': 'staff.audit.deliveryShipped',
  'day.shipped': 'staff.audit.dayShipped',
  'tracking.saved': 'staff.audit.trackingSaved',
  'delivery.refunded': 'staff.audit.deliveryRefunded',
  'mail.resent': 'staff.audit.mailResent',
  'plan.created': 'staff.audit.planCreated',
  'plan.changed': 'staff.audit.planChanged',
  'plan.retired': 'staff.audit.planRetired',
  'coffee.added': 'staff.audit.coffeeAdded',
  'coffee.changed': 'staff.audit.coffeeChanged',
  'extra.added': 'staff.audit.extraAdded',
  'extra.changed': 'staff.audit.extraChanged',
  'price.changed': 'staff.audit.priceChanged',
}

type Said = { ok: boolean; text: string } | null

/** Role checkboxes: each role named, with what it allows beside it. */
function RolePicker({ chosen, onChange, email, disabled }: { chosen: Role[]; onChange: (roles: Role[]) => void; email?: string; disabled?: boolean }) {
  const t = useT()
  return (
    <span className={styles.rolePicker}>
      {ROLES.map((role) => (
        <label key={role} title={t(ROLE_KEYS[role].help)}>
          <input
            type="checkbox"
            checked={chosen.includes(role)}
            disabled={disabled}
            aria-label={email ? t('staff.members.roleLabel', { role: t(ROLE_KEYS[role].name), email }) : undefined}
            onChange={(e) => onChange(e.target.checked ? ROLES.filter((r) => r === role || chosen.includes(r)) : chosen.filter((r) => r !== role))}
          />
          {' '}{t(ROLE_KEYS[role].name)}
        </label>
      ))}
    </span>
  )
}

function MemberRow({ member, staff, say }: { member: StaffMember; staff: StaffView; say: (said: Said) => void }) {
  const t = useT()
  const [roles, setRoles] = useState<Role[]>(member.roles)
  const [busy, setBusy] = useState(false)
  const act = async (run: () => Promise<void>, done: string) => {
    setBusy(true)
    say(null)
    try {
      await run()
      say({ ok: true, text: done })
    } catch (caught) {
      say({ ok: false, text: asAppError(caught).message })
    } finally {
      setBusy(false)
    }
  }
  return (
    <tr>
      <td>{member.email}</td>
      <td>
        {member.bootstrap
          ? <>{member.roles.map((r) => t(ROLE_KEYS[r].name)).join(', ')} <span className={styles.muted}>({t('staff.members.bootstrap')})</span></>
          : <RolePicker chosen={roles} onChange={setRoles} email={member.email} disabled={busy} />}
      </td>
      <td>
        {member.bootstrap ? null : (
          <>
            <button type="button" className="btn btn-secondary" disabled={busy || roles.length === 0}
              aria-label={t('staff.members.saveLabel', { email: member.email })}
              onClick={() => void act(() => staff.setMember(member.email, roles), t('staff.message.saved', { email: member.email }))}>
              {t('staff.members.save')}
            </button>{' '}
            <button type="button" className="btn btn-secondary" disabled={busy}
              aria-label={t('staff.members.removeLabel', { email: member.email })}
              onClick={() => void act(() => staff.removeMember(member.email), t('staff.message.removed', { email: member.email }))}>
              {t('staff.members.remove')}
            </button>
          </>
        )}
      </td>
    </tr>
  )
}

function AddMember({ staff, say }: { staff: StaffView; say: (said: Said) => void }) {
  const t = useT()
  const ids = useId()
  const [email, setEmail] = useState('')
  const [roles, setRoles] = useState<Role[]>(['roaster'])
  const [busy, setBusy] = useState(false)
  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (roles.length === 0) return say({ ok: false, text: t('staff.add.noRole') })
    setBusy(true)
    say(null)
    try {
      await staff.setMember(email.trim(), roles)
      say({ ok: true, text: t('staff.message.added', { email: email.trim().toLowerCase() }) })
      setEmail('')
    } catch (caught) {
      say({ ok: false, text: asAppError(caught).message })
    } finally {
      setBusy(false)
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className={styles.dialogForm} aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`}>{t('staff.add.title')}</h3>
      <div className={styles.field}>
        <label htmlFor={`${ids}-email`}>{t('staff.add.email')}</label>
        <input id={`${ids}-email`} type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} required />
      </div>
      <RolePicker chosen={roles} onChange={setRoles} disabled={busy} />
      <button type="submit" className="btn btn-primary" disabled={busy}>{t('staff.add.submit')}</button>
    </form>
  )
}

/**
 * The staff section of /roastery, for owners: every member and their roles (the owners named by the
 * shop's settings shown, not changeable here), adding, changing and removing members, and the audit
 * log with a CSV download.
 */
export function StaffSection({ staff }: { staff: StaffView }) {
  const t = useT()
  const locale = useLocale()
  const [said, say] = useState<Said>(null)
  const { members, audit, error } = staff
  return (
    <section className={`card ${styles.day}`} aria-labelledby="staff-title">
      <header className={styles.dayHeader}>
        <div>
          <h2 id="staff-title" className={styles.dayTitle}>{t('staff.title')}</h2>
          <p className={styles.muted}>{t('staff.text')}</p>
        </div>
      </header>
      <div aria-live="polite" className={styles.message}>
        {said ? <p className={said.ok ? styles.done : styles.error}>{said.text}</p> : null}
      </div>
      {error ? <p className={styles.error} role="alert">{t('staff.loadFailed', { error: error.message })}</p> : null}
      {members ? (
        <div className={styles.tableWrap} role="region" aria-labelledby="members-caption" tabIndex={0}>
          <table className={styles.table}>
            <caption id="members-caption" className="visually-hidden">{t('staff.members.caption')}</caption>
            <thead><tr><th scope="col">{t('staff.members.email')}</th><th scope="col">{t('staff.members.roles')}</th><th scope="col">{t('staff.members.actions')}</th></tr></thead>
            <tbody>{members.map((m) => <MemberRow key={`${m.email}:${m.roles.join()}`} member={m} staff={staff} say={say} />)}</tbody>
          </table>
        </div>
      ) : null}
      <AddMember staff={staff} say={say} />
      <section aria-labelledby="audit-title">
        <h3 id="audit-title">{t('staff.audit.title')}</h3>
        <p className={styles.muted}>{t('staff.audit.text')}</p>
        {audit && audit.length > 0 ? (
          <>
            {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
            <div className={styles.tableWrap} role="region" aria-labelledby="audit-caption" tabIndex={0}>
              <table className={styles.table}>
                <caption id="audit-caption" className="visually-hidden">{t('staff.audit.caption')}</caption>
                <thead><tr>
                  <th scope="col">{t('staff.audit.when')}</th><th scope="col">{t('staff.audit.who')}</th><th scope="col">{t('staff.audit.what')}</th>
                  <th scope="col">{t('staff.audit.target')}</th><th scope="col">{t('staff.audit.change')}</th>
                </tr></thead>
                <tbody>{audit.map((entry, i) => (
                  <tr key={`${entry.at}:${i}`}>
                    <td>{formatDateTime(entry.at, undefined, locale)}</td><td>{entry.by}</td>
                    <td>{AUDIT_KEYS[entry.action] ? t(AUDIT_KEYS[entry.action] as MessageKey) : entry.action}</td>
                    <td>{entry.target}</td><td>{`${entry.before || '–'} → ${entry.after || '–'}`}</td>
                  </tr>
                ))}</tbody>
              </table>
            </div>
            <button type="button" className="btn btn-secondary" onClick={() => downloadText('audit-log.csv', auditCsv(audit))}>{t('staff.audit.download')}</button>
          </>
        ) : <p>{t('staff.audit.empty')}</p>}
      </section>
    </section>
  )
}
