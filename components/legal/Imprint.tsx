import { LegalPage, OperatorAddress } from './LegalPage'
import type { Operator } from '@/lib/legal/operator'

/** Who runs the shop and how to reach them (the provider identification EU and national law ask for). */
export function Imprint({ operator }: { operator: Operator }) {
  return (
    <LegalPage title="Imprint" operator={operator}>
      <h2>Operator</h2>
      <OperatorAddress operator={operator} />
      <h2 id="contact">Contact and support</h2>
      {operator.email || operator.phone ? (
        <p>
          Questions about your subscription, a delivery or a payment: write to{' '}
          {operator.email.includes('@') ? <a href={`mailto:${operator.email}`}>{operator.email}</a> : operator.email || 'us'}
          {operator.phone ? <> or call {operator.phone}</> : null}. We answer within two working days.
        </p>
      ) : (
        <p>Manage your subscription, deliveries and payments on your account page; the operator has not published a support address yet.</p>
      )}
      {operator.representative || operator.register || operator.vatNumber ? <h2>Registration and tax</h2> : null}
      {operator.representative ? <p>Represented by: {operator.representative}</p> : null}
      {operator.register ? <p>Register: {operator.register}</p> : null}
      {operator.vatNumber ? <p>VAT identification number: {operator.vatNumber}</p> : null}
      <h2>Disputes</h2>
      <p>
        We are neither obliged nor willing to take part in dispute resolution before a consumer arbitration board.
        Write to us first: we answer every complaint.
      </p>
    </LegalPage>
  )
}
