/**
 * The Account's methods for staff only (template.yml routes them here, `staff.<method>`): support
 * reading a customer, and what only staff do for them (a free replacement, a document sent again,
 * each with a reason). Staff changing something else for a customer call the customer's own
 * methods (owner.ts) with a reason. Each checks the member's roles against the role table itself.
 */
import { wordedForCaller } from './refusals'
import { withCatalogue } from './catalogue-source'
import * as customerPage from './service/customer-for-staff'
import * as replacement from './service/replacement'
import * as resend from './service/resend-document'
import { asStaff } from './service/staff-acting'

export const customerForStaff = wordedForCaller(withCatalogue(customerPage.customerForStaff, 'read'))
export const sendReplacement = wordedForCaller(asStaff('sendReplacement', withCatalogue(replacement.sendReplacement)))
export const resendDocument = wordedForCaller(asStaff('resendDocument', withCatalogue(resend.resendDocument)))
