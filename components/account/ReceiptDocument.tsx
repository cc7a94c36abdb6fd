import { documentLinesIn, documentTitleIn } from '@/lib/account/receipt-lines'
import { useLocale, useT } from '@/contexts/I18nContext'
import type { CustomerDocument } from '@/lib/account/documents'
import styles from '@/components/ui/Card.module.css'

/**
 * A receipt or a credit note as a printable page: the seller on top, then every line the e-mail
 * has, in the same order (BeanBloomSubscription's documentLines), in the page's language. React escapes every value, so a
 * name or a reason is only ever text.
 */
export function ReceiptDocument({ doc }: { doc: CustomerDocument }) {
  const t = useT()
  const locale = useLocale()
  return (
    <article className={`card ${styles.card}`} aria-labelledby="document-title">
      <header className={styles.cardHeader}>
        <div>
          <p className={styles.muted}>{doc.seller.name}</p>
          <h1 id="document-title">{documentTitleIn(t, doc)}</h1>
        </div>
        <button type="button" className="btn btn-secondary" onClick={() => window.print()}>{t('account.document.print')}</button>
      </header>
      <dl className={styles.fields}>
        {documentLinesIn(t, doc, locale).map((line, i) => (
          <div key={line.label} className={styles.row}>
            <dt id={`document-line-${i}`}>{line.label}</dt>
            <dd aria-labelledby={`document-line-${i}`}>{line.value}</dd>
          </div>
        ))}
      </dl>
    </article>
  )
}
