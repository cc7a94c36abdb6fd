/**
 * The STATIC method that lists the subscription plans: the catalogue's active plans, as the Shop
 * keeps them (owners change them in the app; catalogue-source.ts reads them at each request).
 */
import { respond } from 'BeanBloomKit'
import { Data } from '@retter/rdk'
import { catalogueInUse, plansOnOffer } from 'BeanBloomSubscription'
import { loadCatalogue } from '../catalogue-source'

/** STATIC: the plans on offer now (fresh copies, so no caller can change ours). */
export async function getSubscriptionPlans(data: Data): Promise<Data> {
  await loadCatalogue()
  respond(data, plansOnOffer(catalogueInUse()))
  return data
}
