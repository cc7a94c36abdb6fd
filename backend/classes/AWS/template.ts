/** The `AWS` class template: one instance per customer e-mail, owner only. */
import { AWS_CLASS } from '../../../lib/contract'
import type { ClassTemplate } from '../../runtime/types'
import * as handlers from './index'

export const awsTemplate: ClassTemplate = {
  classId: AWS_CLASS,
  description: "The customer's AWS-linked object (simulated locally).",
  authorizer: handlers.authorizer,
  getInstanceId: handlers.getInstanceId,
  init: handlers.init,
  getState: handlers.getState,
  owners: handlers.owners,
  methods: [{ method: 'describe', type: 'READ', description: 'The public description', handler: handlers.describe }],
}
