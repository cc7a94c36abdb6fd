/** The `Account` class template (the role of Retter's template.yml): methods, models, delegates. */
import { ACCOUNT_CLASS, ACCOUNT_LOOKUP_KEY } from '../../../lib/contract'
import type { ClassTemplate } from '../../runtime/types'
import * as handlers from './index'

export const accountTemplate: ClassTemplate = {
  classId: ACCOUNT_CLASS,
  description: 'A customer account, one per normalised e-mail; one-time-code sign-in and the chosen plan.',
  lookupKeys: [ACCOUNT_LOOKUP_KEY],
  authorizer: handlers.authorizer,
  getInstanceId: handlers.getInstanceId,
  init: handlers.init,
  getState: handlers.getState,
  owners: handlers.owners,
  methods: [
    { method: 'sendOtp', type: 'WRITE', description: 'E-mails a 6-digit sign-in code', handler: handlers.sendOtp },
    {
      method: 'verifyOtp',
      type: 'WRITE',
      description: 'Checks a code; answers a custom token on success',
      inputModel: {
        type: 'object',
        properties: { code: { type: 'string', pattern: '^[0-9]{6}$' } },
        required: ['code'],
        additionalProperties: false,
      },
      handler: handlers.verifyOtp,
    },
    { method: 'getSubscriptionPlans', type: 'STATIC', description: 'The plans on offer', handler: handlers.getSubscriptionPlans },
    {
      method: 'selectPlan',
      type: 'WRITE',
      description: "Sets the customer's plan",
      inputModel: {
        type: 'object',
        properties: { planId: { type: 'string', minLength: 1, maxLength: 64 } },
        required: ['planId'],
        additionalProperties: false,
      },
      handler: handlers.selectPlan,
    },
  ],
}
