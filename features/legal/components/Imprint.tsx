import { LegalPage, OperatorAddress } from './LegalPage'
import type { Operator } from '../rules/operator'

/** Who runs the shop and how to reach them (the provider identification EU and national law ask for). */
export function Imprint({ operator }: { operator: Operator }) {
  return (
    <LegalPage title="Imprint" operator={operator}>
      <h2>Operator</h2>
      <OperatorAddress operator={operator} />
      <h2>Registration and tax</h2>
      <p>Represented by: {operator.representative}</p>
      <p>Register: {operator.register}</p>
      <p>VAT identification number: {operator.vatNumber}</p>
      <h2>Disputes</h2>
      <p>
        We are neither obliged nor willing to take part in dispute resolution before a consumer arbitration board.
        Write to us first: we answer every complaint.
      </p>
    </LegalPage>
  )
}
