/**
 * The Account's methods for staff only (template.yml routes them here, `staff.<method>`): support
 * reading a customer. Staff changing something for a customer call the customer's own methods
 * (owner.ts) with a reason. Each checks the member's roles against the role table itself.
 */
import { wordedForCaller } from './refusals'
import { withCatalogue } from './catalogue-source'
import * as customerPage from './service/customer-for-staff'

export const customerForStaff = wordedForCaller(withCatalogue(customerPage.customerForStaff))
