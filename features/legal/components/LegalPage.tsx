import type { ReactNode } from 'react'
import { PageTitle } from '@/core/ui/layout/PageTitle'
import { OPERATOR_SETTINGS, type Operator } from '../rules/operator'
import styles from './LegalPage.module.css'

/** The frame of a legal page: its title, a notice while the operator's details are placeholders, the text. */
export function LegalPage({ title, operator, children }: { title: string; operator: Operator; children: ReactNode }) {
  return (
    <article className={styles.page}>
      <PageTitle page={title} />
      <h1>{title}</h1>
      {operator.missing.length > 0 ? (
        <p role="note" className={styles.placeholder}>
          This shop is not configured yet: the operator&apos;s details below are placeholders. Set{' '}
          {operator.missing.map((field) => OPERATOR_SETTINGS[field].variable).join(', ')} in the environment the site is built with.
        </p>
      ) : null}
      {children}
    </article>
  )
}

/** The operator's name, address and contact, as every legal page names them. */
export function OperatorAddress({ operator }: { operator: Operator }) {
  return (
    <address className={styles.address}>
      {operator.name}
      {operator.address.map((line) => (
        <span key={line}>
          <br />
          {line}
        </span>
      ))}
      <br />
      E-mail: {operator.email.includes('@') ? <a href={`mailto:${operator.email}`}>{operator.email}</a> : operator.email}
      <br />
      Telephone: {operator.phone}
    </address>
  )
}
