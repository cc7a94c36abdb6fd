import { LegalPage, OperatorAddress, OperatorEmail } from './LegalPage'
import type { Operator } from '@/lib/legal/operator'
import { LEGAL_ROUTES } from '@/lib/legal-routes'
import { useT } from '@/contexts/I18nContext'
import { rich } from './RichText'

/** Who runs the shop and how to reach them (the provider identification EU and national law ask for). */
export function Imprint({ operator }: { operator: Operator }) {
  const t = useT()
  const email = operator.email ? <OperatorEmail email={operator.email} /> : t('legal.imprint.us')
  return (
    <LegalPage title={t('legal.imprint.title')} operator={operator} englishPath={LEGAL_ROUTES.imprint}>
      <h2>{t('legal.imprint.operator')}</h2>
      <OperatorAddress operator={operator} />
      <h2 id="contact">{t('legal.imprint.contact')}</h2>
      {operator.email || operator.phone ? (
        <p>
          {operator.phone
            ? rich(t, 'legal.imprint.writeOrCall', { email }, { phone: operator.phone })
            : rich(t, 'legal.imprint.write', { email })}
        </p>
      ) : (
        <p>{t('legal.imprint.noSupport')}</p>
      )}
      {operator.representative || operator.register || operator.vatNumber ? <h2>{t('legal.imprint.registration')}</h2> : null}
      {operator.representative ? <p>{t('legal.imprint.representative', { name: operator.representative })}</p> : null}
      {operator.register ? <p>{t('legal.imprint.register', { register: operator.register })}</p> : null}
      {operator.vatNumber ? <p>{t('legal.imprint.vat', { vat: operator.vatNumber })}</p> : null}
      <h2>{t('legal.imprint.disputes')}</h2>
      <p>{t('legal.imprint.disputesText')}</p>
    </LegalPage>
  )
}
