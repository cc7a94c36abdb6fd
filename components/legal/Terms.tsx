import { AppLink } from '@/components/ui/AppLink'
import { LegalPage, OperatorAddress } from './LegalPage'
import type { Operator } from '@/lib/legal/operator'
import { LEGAL_ROUTES } from '@/lib/legal-routes'
import { chargeMomentText, changeRuleText } from '@retter-shared/BeanBloomSubscription/timeline'

/** The subscription's terms: price, charging, changes, ending it, and the right of withdrawal. */
export function Terms({ operator }: { operator: Operator }) {
  return (
    <LegalPage title="Terms of the subscription" operator={operator}>
      <p>
        The contract is between you and {operator.name} (the <AppLink href={LEGAL_ROUTES.imprint}>imprint</AppLink> says
        how to reach us). You need to be at least 18 and to live in the European Union or the United Kingdom.
      </p>
      <h2>What you buy and what it costs</h2>
      <p>
        A subscription of freshly roasted coffee: the plan you choose sets how many bags arrive and how often (every
        week, every two weeks or every four weeks). Each plan has one <strong>price per delivery</strong> in euros,
        VAT included, shown on the plans page and in your confirmation. Delivery is included. Nothing is paid in
        advance and there is no minimum term.
      </p>
      <h2>When a delivery is charged</h2>
      <p>
        {`Each delivery is charged once, to the card or SEPA Direct Debit mandate you saved, ${chargeMomentText()}.`} A
        skipped delivery, a delivery in a pause and any delivery after you cancel are never charged. A plan change
        charges the new price from the first delivery it applies to. If a payment fails we tell you by e-mail; the
        delivery ships once it is paid. A receipt is issued for every payment.
      </p>
      <h2>Skipping, pausing, changing and cancelling</h2>
      <p>
        On your account page you can skip or bring back any of your next six deliveries, pause for one to eight weeks,
        change plan, grind or roast, and cancel, at any time and free of charge. {changeRuleText()} A change made later
        applies from the delivery after it. Cancelling ends the subscription
        at once; a delivery that is already final still ships and is charged.
      </p>
      <h2>Right of withdrawal (14 days)</h2>
      <p>
        As a consumer you may withdraw from the contract within 14 days without giving a reason. For a subscription of
        regular deliveries the period starts on the day you (or someone you name, other than the carrier) receive the
        first delivery. To withdraw, tell us by e-mail or letter (a clear statement is enough; you may use the model
        form below), or simply cancel on your account page and tell us it is a withdrawal.
      </p>
      <p>
        If you withdraw we refund every payment for the contract, within 14 days of hearing from you, by the means you
        paid with. Send back unopened bags within 14 days; we bear the cost of returning them. Roasted coffee comes in
        aroma-sealed bags that cannot be returned once opened for reasons of hygiene and food safety: for a bag you
        opened the right of withdrawal ends when you open it, and that delivery is not refunded. Later deliveries you
        have not received yet are cancelled and never charged.
      </p>
      <h3>Model withdrawal form</h3>
      <p>
        To {operator.name}, {operator.address.join(', ')}, {operator.email}: I hereby withdraw from my contract for
        the supply of the following goods: coffee subscription, ordered on (date) / received on (date); name; address;
        date.
      </p>
      <h2>Contact and complaints</h2>
      <OperatorAddress operator={operator} />
      <p>
        How we handle your data is in the <AppLink href={LEGAL_ROUTES.privacy}>privacy notice</AppLink>.
      </p>
    </LegalPage>
  )
}
