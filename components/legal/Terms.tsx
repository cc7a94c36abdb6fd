import { AppLink } from '@/components/ui/AppLink'
import { LegalPage, OperatorAddress } from './LegalPage'
import type { Operator } from '@/lib/legal/operator'
import { LEGAL_ROUTES } from '@/lib/legal-routes'
import { CHANGE_DAYS_BEFORE, FINAL_DAYS_BEFORE } from '@retter-shared/BeanBloomSubscription/timeline'
import { useT } from '@/contexts/I18nContext'
import { rich } from './RichText'

/** The subscription's terms: price, charging, changes, ending it, and the right of withdrawal. */
export function Terms({ operator }: { operator: Operator }) {
  const t = useT()
  return (
    <LegalPage title={t('legal.terms.title')} operator={operator} englishPath={LEGAL_ROUTES.terms}>
      <p>{rich(t, 'legal.terms.parties', { link: <AppLink href={LEGAL_ROUTES.imprint}>{t('legal.link.imprint')}</AppLink> }, { name: operator.name })}</p>
      <h2>{t('legal.terms.buy')}</h2>
      <p>{rich(t, 'legal.terms.buyText', { price: <strong>{t('legal.terms.pricePerDelivery')}</strong> })}</p>
      <h2>{t('legal.terms.charged')}</h2>
      <p>{t('legal.terms.chargedText', { days: FINAL_DAYS_BEFORE })}</p>
      <h2>{t('legal.terms.changes')}</h2>
      <p>{t('legal.terms.changesText', { days: CHANGE_DAYS_BEFORE })}</p>
      <h2>{t('legal.terms.withdrawal')}</h2>
      <p>{t('legal.terms.withdrawalHow')}</p>
      <p>{t('legal.terms.withdrawalEffects')}</p>
      <h3>{t('legal.terms.form')}</h3>
      <p>{t('legal.terms.formText', { name: operator.name, address: operator.address.join(', '), email: operator.email })}</p>
      <h2>{t('legal.terms.contact')}</h2>
      <OperatorAddress operator={operator} />
      <p>{rich(t, 'legal.terms.privacy', { link: <AppLink href={LEGAL_ROUTES.privacy}>{t('legal.link.privacy')}</AppLink> })}</p>
    </LegalPage>
  )
}
