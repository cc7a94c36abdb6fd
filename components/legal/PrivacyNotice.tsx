import { AppLink } from '@/components/ui/AppLink'
import { ROUTES } from '@/lib/routes'
import { LegalPage, OperatorAddress } from './LegalPage'
import { RECEIPT_RETENTION_YEARS, type Operator } from '@/lib/legal/operator'
import { LEGAL_ROUTES } from '@/lib/legal-routes'

/** What we keep about a customer, where, why, for how long, and how each right is exercised. */
export function PrivacyNotice({ operator }: { operator: Operator }) {
  return (
    <LegalPage title="Privacy notice" operator={operator}>
      <h2>Who is responsible</h2>
      <OperatorAddress operator={operator} />
      {operator.privacyContact ? <p>Data-protection contact: {operator.privacyContact}</p> : null}

      <h2>What we keep, where, why and for how long</h2>
      <table>
        <thead>
          <tr><th scope="col">Data</th><th scope="col">Where</th><th scope="col">Why (legal basis)</th><th scope="col">How long</th></tr>
        </thead>
        <tbody>
          <tr>
            <td>Your e-mail address, when you joined and last signed in, sign-in codes (only a hash, valid 5 minutes)</td>
            <td>Our backend on Retter (Amazon Web Services, EU region)</td>
            <td>To let you sign in and reach you about your subscription (contract, Art. 6(1)(b) GDPR)</td>
            <td>Until you delete your account</td>
          </tr>
          <tr>
            <td>Delivery address, grind and roast, plan, schedule, skips, pauses, the history of changes, shipped deliveries</td>
            <td>Retter; the roastery&apos;s packing list for a delivery day</td>
            <td>To roast, pack and deliver your coffee (contract)</td>
            <td>Until you delete your account; a day&apos;s packing list keeps your name and address for 90 days after that day (to trace a lost or damaged parcel), then only what was packed and paid</td>
          </tr>
          <tr>
            <td>Payment method (card brand and last four digits, or the bank and mandate of a SEPA debit) and payments</td>
            <td>Stripe (Stripe Payments Europe Ltd., Ireland) holds the card or account number; we keep only the summary and Stripe&apos;s ids</td>
            <td>To charge each delivery (contract)</td>
            <td>Until you delete your account; Stripe keeps payment records as financial law requires it to</td>
          </tr>
          <tr>
            <td>Receipts and credit notes (your name, billing address, what you paid)</td>
            <td>Retter</td>
            <td>Tax law requires us to keep them (legal obligation, Art. 6(1)(c) GDPR)</td>
            <td>{RECEIPT_RETENTION_YEARS} years from the end of the year they were issued, even after you delete your account</td>
          </tr>
          <tr>
            <td>The e-mails we send you (codes, confirmations, reminders, payment notices)</td>
            <td>{operator.mailProvider || 'Our e-mail provider'}; in Retter we keep only each e-mail’s subject and time (the newest 200, so you can see them in your data download), and an e-mail that could not be sent waits there until it is</td>
            <td>To run your subscription (contract)</td>
            <td>At the provider, as long as it keeps sent mail; the list of subjects until you delete your account</td>
          </tr>
          {operator.analytics ? (
            <tr>
              <td>Page views, only if you accept analytics</td>
              <td>Google Analytics (Google Ireland Ltd.)</td>
              <td>To improve the shop (your consent, Art. 6(1)(a) GDPR)</td>
              <td>14 months at Google; you can withdraw at any time under “Cookie settings”</td>
            </tr>
          ) : null}
        </tbody>
      </table>
      {operator.analytics ? (
        <p>
          In your browser we keep your session and your cookie choice (local storage) so you stay signed in and are not
          asked again. Without your Accept no analytics script is loaded and nothing about your visit goes to Google.
        </p>
      ) : (
        <p>
          In your browser we keep only your session (local storage) so you stay signed in. This shop uses no analytics
          and no tracking cookies: nothing about your visit goes to anyone else.
        </p>
      )}

      <h2>Your rights, and where to exercise them</h2>
      <ul>
        <li><strong>Access and portability:</strong> “Download my data” on your <AppLink href={ROUTES.account}>account page</AppLink> gives you everything we hold about you as one JSON file.</li>
        <li><strong>Rectification:</strong> change your address, preferences and plan on your account page, and your e-mail address under “Change your e-mail address” there (a code goes to the new address first).</li>
        <li>
          <strong>Erasure:</strong> “Delete my account” removes your name, address, preferences, schedule, payment method
          (and your customer record at Stripe), sign-in records and every planned delivery. We keep only your receipts, for
          the period above. A delivery that is already final (within two days of dispatch) still ships and is charged:
          we keep its payment and your address until it ships, and its payment for 90 days after its delivery day so
          we can refund it, and tell you when it is on its way. Signing in with the same address afterwards starts a
          new, empty account.
        </li>
        {operator.analytics ? <li><strong>Withdraw consent</strong> to analytics at any time under “Cookie settings” at the bottom of every page: it stops at once.</li> : null}
        <li>
          <strong>Object, restrict</strong> or ask anything else: write to{' '}
          {operator.privacyContact || operator.email || <>us (see the <AppLink href={LEGAL_ROUTES.imprint}>imprint</AppLink>)</>}.
        </li>
        <li><strong>Complain</strong> to a supervisory authority{operator.authority ? <>, for us: {operator.authority}</> : ', in the country where you live or work'}.</li>
      </ul>
      <p>
        We sell no data, show no advertising and make no automated decisions about you. The terms of the subscription
        are in the <AppLink href={LEGAL_ROUTES.terms}>terms</AppLink>.
      </p>
    </LegalPage>
  )
}
