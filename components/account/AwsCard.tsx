import type { AwsView } from '@/lib/contract'
import { formatDate, isIsoDateString } from '@/lib/format/date'
import styles from '@/components/ui/Card.module.css'

/** Where a region is, in words a customer knows. */
const REGION_PLACES: Record<string, string> = {
  'eu-west-1': 'in the EU (Ireland)',
  'eu-central-1': 'in the EU (Germany)',
  'eu-west-3': 'in the EU (France)',
}

/** What the record's state means to the customer; a state not listed here says nothing rather than a code. */
const STATE_LINES: Record<string, string> = {
  active: 'Everything is in place and kept up to date as you use your account.',
  suspended: 'Your stored data is on hold for now: nothing is added to it. Our support team can tell you why.',
}

/** "in the EU (Ireland)"; "in the EU" for another EU region; nothing for a place we cannot name. */
function placeOf(region: unknown): string | undefined {
  if (typeof region !== 'string') return undefined
  return REGION_PLACES[region] ?? (region.startsWith('eu-') ? 'in the EU' : undefined)
}

/**
 * The customer's stored records, in their words: what is kept, where (a country, never a region
 * code), since when, and who can see it. The storage's own names (buckets, queues, region codes,
 * states) are for our support team and never shown here.
 */
export function AwsCard({ aws }: { aws: AwsView }) {
  const where = placeOf(aws.region)
  const since = isIsoDateString(aws.createdAt) ? formatDate(aws.createdAt) : undefined
  const state = typeof aws.status === 'string' ? STATE_LINES[aws.status] : undefined
  return (
    <section className={`card ${styles.card}`} aria-labelledby="aws-card-title">
      <header className={styles.cardHeader}>
        <h2 id="aws-card-title">Your data</h2>
      </header>
      <p>
        {`Your account, delivery address and delivery history are stored ${where ?? 'with our cloud provider'}${since ? `, since ${since}` : ''}. `}
        Only you and our support team can see them.
      </p>
      {state ? <p>{state}</p> : null}
    </section>
  )
}
