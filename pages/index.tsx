import type { GetStaticProps } from 'next'
import Head from 'next/head'
import { PlansPage } from '@/components/plans/PlansPage'
import type { SubscriptionPlan } from '@/lib/contract'
import { priceTextsOf, type PriceTexts } from '@/lib/format/price'
import { withMessages } from '@/lib/i18n/static-props'
import { PLANS_PAGE_MESSAGES } from '@/lib/plans/page-messages'
import { plansInLanguage } from '@/lib/plans/in-language'
import { useT } from '@/contexts/I18nContext'
import { PLANS_RETRY_SECONDS, PLANS_REVALIDATE_SECONDS, fetchPlansOnServer } from '@/lib/rio/server-plans'

interface HomeProps {
  /** The plans at build (or revalidation) time; null when the backend could not be reached. */
  plans: SubscriptionPlan[] | null
  /** Their prices as written here, so hydration need not format them again (see planPriceTexts). */
  prices: PriceTexts | null
}

export default function Home({ plans, prices }: HomeProps) {
  const t = useT()
  return (
    <>
      {/* Written out rather than with PageTitle, which would be one more module in a visitor's first load. */}
      <Head>
        <title>{t('shell.pageTitle', { page: t('plans.title') })}</title>
      </Head>
      <PlansPage prerenderedPlans={plans} prerenderedPrices={prices} />
    </>
  )
}

// The plans are in the HTML of `/`, so visitors see them at first paint; the browser still loads
// them once the SDK starts (a visitor's when they act) and shows its own answer when it differs.
const plansProps: GetStaticProps<HomeProps> = async ({ locale }) => {
  const result = await fetchPlansOnServer()
  if (result.plans === null) {
    // Build output only: the page is served without plans and the browser loads them itself.
    console.warn(`Plans not prerendered into / (${result.reason}); the browser will load them.`)
  }
  // Each plan with its words in the page's language only (lib/plans/in-language.ts).
  const plans = result.plans ? plansInLanguage(result.plans, locale) : null
  return { props: { plans, prices: plans ? priceTextsOf(plans, locale) : null }, revalidate: plans ? PLANS_REVALIDATE_SECONDS : PLANS_RETRY_SECONDS }
}

export const getStaticProps = withMessages(PLANS_PAGE_MESSAGES, plansProps)

// Visitors get the plans from the HTML and the sign-in form at first paint: the SDK can wait.
Home.deferSdkStart = true
