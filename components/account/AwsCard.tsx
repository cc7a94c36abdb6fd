import type { AwsView } from '@/lib/contract'
import { FieldList } from './ValueView'
import styles from './Account.module.css'

/** Where a region code is, in words a customer knows. */
const REGION_NAMES: Record<string, string> = {
  'eu-west-1': 'the EU (Ireland)',
  'eu-central-1': 'the EU (Frankfurt)',
  'eu-west-3': 'the EU (Paris)',
}

/** The e-mail heads the page already; the card shows the object's own fields. */
function withoutEmail(aws: AwsView): Record<string, unknown> {
  return Object.fromEntries(Object.entries(aws).filter(([key]) => key !== 'email'))
}

/**
 * The customer's AWS-linked object, as what it is to a customer: where their account's records are
 * kept. Its fields (resource names and the like) are for support, so they sit folded under
 * "Technical details", every field shown as it comes and kept live.
 */
export function AwsCard({ aws, locale }: { aws: AwsView; locale?: string }) {
  const region = typeof aws.region === 'string' ? aws.region : undefined
  const where = region ? REGION_NAMES[region] ?? region : undefined
  return (
    <section className={`card ${styles.card}`} aria-labelledby="aws-card-title">
      <header className={styles.cardHeader}>
        <h2 id="aws-card-title">Your data</h2>
      </header>
      <p>
        Your account’s records are kept in our cloud storage{where ? ` in ${where}` : ''}
        {typeof aws.status === 'string' ? ` (${aws.status})` : ''}.
      </p>
      <details className={styles.details}>
        <summary>Technical details for support</summary>
        <FieldList fields={withoutEmail(aws)} locale={locale} />
      </details>
    </section>
  )
}
