import { AppLink } from '@/components/ui/AppLink'
import { ROUTES } from '@/lib/routes'
import { LegalPage, OperatorAddress } from './LegalPage'
import { RECEIPT_RETENTION_YEARS, type Operator } from '@/lib/legal/operator'
import { LEGAL_ROUTES } from '@/lib/legal-routes'
import { useT } from '@/contexts/I18nContext'
import { rich } from './RichText'

/** One row of the table: what is kept, where, why and for how long. */
function Row({ cells }: { cells: string[] }) {
  return <tr>{cells.map((text, i) => <td key={i}>{text}</td>)}</tr>
}

/** What we keep about a customer, where, why, for how long, and how each right is exercised. */
export function PrivacyNotice({ operator }: { operator: Operator }) {
  const t = useT()
  const accountLink = <AppLink href={ROUTES.account}>{t('legal.link.accountPage')}</AppLink>
  const untilDeleted = t('legal.privacy.untilDeleted')
  return (
    <LegalPage title={t('legal.privacy.title')} operator={operator} englishPath={LEGAL_ROUTES.privacy}>
      <h2>{t('legal.privacy.responsible')}</h2>
      <OperatorAddress operator={operator} />
      {operator.privacyContact ? <p>{t('legal.privacy.contact', { contact: operator.privacyContact })}</p> : null}

      <h2>{t('legal.privacy.keep')}</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('legal.privacy.col.data')}</th>
            <th scope="col">{t('legal.privacy.col.where')}</th>
            <th scope="col">{t('legal.privacy.col.why')}</th>
            <th scope="col">{t('legal.privacy.col.howLong')}</th>
          </tr>
        </thead>
        <tbody>
          <Row cells={[t('legal.privacy.account.data'), t('legal.privacy.account.where'), t('legal.privacy.account.why'), untilDeleted]} />
          <Row cells={[t('legal.privacy.delivery.data'), t('legal.privacy.delivery.where'), t('legal.privacy.delivery.why'), t('legal.privacy.delivery.howLong')]} />
          <Row cells={[t('legal.privacy.payment.data'), t('legal.privacy.payment.where'), t('legal.privacy.payment.why'), t('legal.privacy.payment.howLong')]} />
          <Row cells={[t('legal.privacy.gifts.data'), t('legal.privacy.gifts.where'), t('legal.privacy.gifts.why'), t('legal.privacy.gifts.howLong')]} />
          <Row cells={[
            t('legal.privacy.receipts.data'), t('legal.privacy.receipts.where'), t('legal.privacy.receipts.why'),
            t('legal.privacy.receipts.howLong', { years: RECEIPT_RETENTION_YEARS }),
          ]} />
          <Row cells={[
            t('legal.privacy.mail.data'), t('legal.privacy.mail.where', { provider: operator.mailProvider || t('legal.privacy.mail.provider') }),
            t('legal.privacy.mail.why'), t('legal.privacy.mail.howLong'),
          ]} />
          {operator.analytics ? (
            <Row cells={[t('legal.privacy.analytics.data'), t('legal.privacy.analytics.where'), t('legal.privacy.analytics.why'), t('legal.privacy.analytics.howLong')]} />
          ) : null}
        </tbody>
      </table>
      <p>{operator.analytics ? t('legal.privacy.browser.analytics') : t('legal.privacy.browser.none')}</p>

      <h2>{t('legal.privacy.rights')}</h2>
      <ul>
        <li><strong>{t('legal.privacy.access.lead')}</strong> {rich(t, 'legal.privacy.access.text', { link: accountLink })}</li>
        <li><strong>{t('legal.privacy.rectification.lead')}</strong> {t('legal.privacy.rectification.text')}</li>
        <li><strong>{t('legal.privacy.erasure.lead')}</strong> {t('legal.privacy.erasure.text')}</li>
        {operator.analytics ? <li><strong>{t('legal.privacy.withdraw.lead')}</strong> {t('legal.privacy.withdraw.text')}</li> : null}
        <li>
          <strong>{t('legal.privacy.object.lead')}</strong>{' '}
          {rich(t, 'legal.privacy.object.text', {
            contact: operator.privacyContact || operator.email || rich(t, 'legal.privacy.object.us', { link: <AppLink href={LEGAL_ROUTES.imprint}>{t('legal.link.imprint')}</AppLink> }),
          })}
        </li>
        <li>
          <strong>{t('legal.privacy.complain.lead')}</strong>{' '}
          {operator.authority ? t('legal.privacy.complain.ours', { authority: operator.authority }) : t('legal.privacy.complain.anywhere')}
        </li>
      </ul>
      <p>{rich(t, 'legal.privacy.closing', { link: <AppLink href={LEGAL_ROUTES.terms}>{t('legal.link.terms')}</AppLink> })}</p>
    </LegalPage>
  )
}
