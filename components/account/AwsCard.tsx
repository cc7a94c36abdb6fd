import type { AwsView } from '@/lib/contract'
import { formatDate, isIsoDateString } from '@/lib/format/date'
import styles from '@/components/ui/Card.module.css'
import { useLocale, useT } from '@/contexts/I18nContext'
import type { MessageKey } from '@/lib/i18n/types'

/** Where a region is, in words a customer knows. */
const REGION_PLACES: Record<string, MessageKey> = {
  'eu-west-1': 'account.data.place.ireland',
  'eu-central-1': 'account.data.place.germany',
  'eu-west-3': 'account.data.place.france',
}

/** What the record's state means to the customer; a state not listed here says nothing rather than a code. */
const STATE_LINES: Record<string, MessageKey> = {
  active: 'account.data.state.active',
  suspended: 'account.data.state.suspended',
}

/** "in the EU (Ireland)"; "in the EU" for another EU region; nothing for a place we cannot name. */
function placeOf(region: unknown): MessageKey | undefined {
  if (typeof region !== 'string') return undefined
  return REGION_PLACES[region] ?? (region.startsWith('eu-') ? 'account.data.place.eu' : undefined)
}

/**
 * The customer's stored records, in their words: what is kept, where (a country, never a region
 * code), since when, and who can see it. The storage's own names (buckets, queues, region codes,
 * states) are for our support team and never shown here.
 */
export function AwsCard({ aws }: { aws: AwsView }) {
  const t = useT()
  const locale = useLocale()
  const place = placeOf(aws.region)
  const where = t(place ?? 'account.data.place.provider')
  const since = isIsoDateString(aws.createdAt) ? formatDate(aws.createdAt, undefined, locale) : undefined
  const state = typeof aws.status === 'string' ? STATE_LINES[aws.status] : undefined
  return (
    <section className={`card ${styles.card}`} aria-labelledby="aws-card-title">
      <header className={styles.cardHeader}>
        <h2 id="aws-card-title">{t('account.data.title')}</h2>
      </header>
      <p>
        {since ? t('account.data.storedSince', { where, since }) : t('account.data.stored', { where })} {t('account.data.who')}
      </p>
      {state ? <p>{t(state)}</p> : null}
    </section>
  )
}
