import { useId, type ReactNode } from 'react'
import { isIsoDateString, formatDateTime } from '@/lib/format/date'
import { humanizeKey } from '@/lib/format/humanize'
import styles from '@/components/ui/Card.module.css'
import { Wrappable } from '@/components/ui/Wrappable'
import { useLocale, useT } from '@/contexts/I18nContext'

type Plain = Record<string, unknown>

function isPlainObject(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isPrimitive(value: unknown): boolean {
  return value === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof value)
}

/** Nesting is cut off here so a self-similar payload cannot produce an unreadable page. */
const MAX_DEPTH = 6

/**
 * Renders any JSON value readably: ISO dates in the user's locale, booleans as Yes/No, numbers
 * grouped, empty values as "Not set", arrays as lists and objects as nested definition lists.
 */
export function ValueView({ value, depth = 0, locale }: { value: unknown; depth?: number; locale?: string }) {
  const t = useT()
  const pageLocale = useLocale()
  if (value === null || value === undefined || value === '') {
    return <span className={styles.empty}>{t('account.value.notSet')}</span>
  }
  if (typeof value === 'boolean') {
    return <span className={value ? styles.yes : styles.no}>{value ? t('account.value.yes') : t('account.value.no')}</span>
  }
  if (typeof value === 'number') {
    return <span className={styles.number}>{new Intl.NumberFormat(locale ?? pageLocale).format(value)}</span>
  }
  if (typeof value === 'string') {
    if (isIsoDateString(value)) {
      return <time dateTime={value}>{formatDateTime(value, undefined, pageLocale)}</time>
    }
    return (
      <span className={styles.text}>
        <Wrappable text={value} />
      </span>
    )
  }
  if (depth >= MAX_DEPTH) {
    return <code className={styles.code}>{JSON.stringify(value)}</code>
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className={styles.empty}>{t('account.value.none')}</span>
    // Plain values are a bulleted list; objects, each with its own fields, a numbered one.
    const [List, className] = value.every(isPrimitive) ? (['ul', styles.list] as const) : (['ol', styles.objectList] as const)
    return (
      <List className={className}>
        {value.map((item, index) => (
          <li key={index}>
            <ValueView value={item} depth={depth + 1} locale={locale} />
          </li>
        ))}
      </List>
    )
  }
  if (isPlainObject(value)) {
    return <FieldList fields={value} depth={depth + 1} locale={locale} />
  }
  // Functions, symbols and bigints cannot come from JSON; show them as text rather than fail.
  return <span className={styles.text}>{String(value)}</span>
}

/** A definition list of every field of an object, with humanised names. */
export function FieldList({ fields, depth = 0, locale }: { fields: Plain; depth?: number; locale?: string }) {
  const t = useT()
  const entries = Object.entries(fields)
  if (entries.length === 0) return <span className={styles.empty}>{t('account.value.noDetails')}</span>
  return (
    <dl className={depth > 0 ? `${styles.fields} ${styles.nested}` : styles.fields}>
      {entries.map(([key, value]) => (
        <Field key={key} label={humanizeKey(key)} rawName={key}>
          <ValueView value={value} depth={depth} locale={locale} />
        </Field>
      ))}
    </dl>
  )
}

/**
 * One term/value row of a definition list. The value is labelled by its term, so assistive
 * technology (and tests) can find "the value of Created at" directly.
 */
export function Field({ label, rawName, children }: { label: string; rawName?: string; children: ReactNode }) {
  const id = useId()
  return (
    <div className={styles.row}>
      <dt id={id} title={rawName}>
        {label}
      </dt>
      <dd aria-labelledby={id}>{children}</dd>
    </div>
  )
}
