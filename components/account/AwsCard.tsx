import type { AwsView } from '@/lib/contract'
import { LiveBadge } from './AccountCard'
import { FieldList } from './ValueView'
import styles from './Account.module.css'

/** The e-mail heads the page already; the card shows the object's own fields. */
function withoutEmail(aws: AwsView): Record<string, unknown> {
  return Object.fromEntries(Object.entries(aws).filter(([key]) => key !== 'email'))
}

/**
 * The AWS object's public state. Its meaning is not specified, so every field is shown as it
 * comes, readably (humanised names, local dates, nested lists), and re-renders on each change.
 */
export function AwsCard({ aws, live, locale }: { aws: AwsView; live: boolean; locale?: string }) {
  return (
    <section className={`card ${styles.card}`} aria-labelledby="aws-card-title">
      <header className={styles.cardHeader}>
        <h2 id="aws-card-title">AWS</h2>
        {live ? <LiveBadge /> : null}
      </header>
      <FieldList fields={withoutEmail(aws)} locale={locale} />
    </section>
  )
}
