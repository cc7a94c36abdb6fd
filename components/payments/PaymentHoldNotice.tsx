import { Notice } from '@/components/ui/feedback/Notice'
import { formatDeliveryDay } from '@/lib/format/date'
import { useMethodEditor } from './MethodEditor'
import { useLocale, useT } from '@/contexts/I18nContext'

/**
 * Said first on /account while deliveries are on hold because the last ones could not be paid:
 * why, since when, and the one thing that lifts it (saving a working payment method).
 */
export function PaymentHoldNotice({ since }: { since: string }) {
  const editor = useMethodEditor()
  const t = useT()
  const locale = useLocale()
  return (
    <Notice tone="error" role="alert">
      <p>
        <strong>{t('payments.hold.title')}</strong> {t('payments.hold.text', { since: formatDeliveryDay(since, locale) })}
      </p>
      {editor ? (
        <button type="button" className="btn btn-primary" onClick={editor.open}>
          {t('payments.hold.update')}
        </button>
      ) : null}
    </Notice>
  )
}
