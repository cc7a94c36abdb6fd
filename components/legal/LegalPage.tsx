import type { ReactNode } from 'react'
import { PageTitle } from '@/components/ui/layout/PageTitle'
import { OPERATOR_SETTINGS, type Operator } from '@/lib/legal/operator'
import styles from './LegalPage.module.css'

/** The frame of a legal page: its title, a notice while the operator's details are placeholders, the text. */
export function LegalPage({ title, operator, children }: { title: string; operator: Operator; children: ReactNode }) {
  return (
    <article className={styles.page}>
      <PageTitle page={title} />
      <h1>{title}</h1>
      {operator.missing.length > 0 && operator.placeholders ? (
        <p role="note" className={styles.placeholder}>
          This shop is not configured yet: the operator&apos;s details below are placeholders. Set{' '}
          {operator.missing.map((field) => OPERATOR_SETTINGS[field].variable).join(', ')} in the environment the site is built with.
        </p>
      ) : null}
      {children}
    </article>
  )
}

/**
 * The operator's name, address and contact, as every legal page names them; a detail that is not
 * configured is left out (in a production build: see operator.ts), and when none is, the page says so.
 */
export function OperatorAddress({ operator }: { operator: Operator }) {
  const lines: ReactNode[] = [operator.name, ...operator.address]
  if (operator.email) lines.push(<>E-mail: {operator.email.includes('@') ? <a href={`mailto:${operator.email}`}>{operator.email}</a> : operator.email}</>)
  if (operator.phone) lines.push(<>Telephone: {operator.phone}</>)
  const shown = lines.filter((line) => line !== '')
  if (shown.length === 0) return <p>The operator of this shop has not published its name and contact details here yet.</p>
  return (
    <address className={styles.address}>
      {shown.map((line, i) => (
        <span key={i}>
          {i > 0 ? <br /> : null}
          {line}
        </span>
      ))}
    </address>
  )
}
