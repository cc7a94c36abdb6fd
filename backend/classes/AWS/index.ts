/**
 * Handlers of the `AWS` class: the customer's AWS-linked object, one per e-mail, owner only.
 * Its public state describes the (simulated) linked resources; nothing secret is ever stored there.
 */
import { createHash } from 'node:crypto'
import type { AwsPublicState } from '../../../lib/contract'
import type { InstanceState } from '../../runtime/plugins'
import type { Authorizer, GetInstanceId, Handler } from '../../runtime/types'
import { awsIdFor, allowOwner, customerEmail, deny, emailForInit, instanceIdFromEmail, userIdFor } from '../identity'

export const AWS_REGION = 'eu-west-1'

export const authorizer: Authorizer = async ({ context }) => {
  if (context.methodName === 'LIST') {
    return customerEmail(context) ? { statusCode: 200 } : deny(context, 'Only signed-in customers may list their AWS objects')
  }
  return allowOwner(context, awsIdFor)
}

export const getInstanceId: GetInstanceId = instanceIdFromEmail(awsIdFor)

export const init: Handler = async (data, rdk) => {
  const email = emailForInit(data, awsIdFor)
  if (email === undefined) return data
  const suffix = createHash('sha256').update(email).digest('hex').slice(0, 12)
  const state: AwsPublicState = {
    email,
    status: 'active',
    region: AWS_REGION,
    createdAt: new Date(rdk.now()).toISOString(),
    resources: {
      bucket: `bean-and-bloom-${suffix}`,
      storageClass: 'STANDARD',
      queue: `orders-${suffix}`,
    },
  }
  data.state.public = state
  data.response = { statusCode: 200, body: {} }
  return data
}

export const getState: Handler = async (data) => {
  data.response = { statusCode: 200, body: { public: data.state.public, private: {}, user: data.state.user, role: data.state.role } }
  return data
}

/** READ: the public description (the same as the live document). */
export const describe: Handler = async (data) => {
  data.response = { statusCode: 200, body: data.state.public }
  return data
}

export function owners(state: InstanceState): string[] {
  const email = state.public.email
  return typeof email === 'string' ? [userIdFor(email)] : []
}
