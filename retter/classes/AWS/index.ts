/**
 * The `AWS` class: the customer's AWS-linked object (simulated), one per e-mail, owner only.
 * Public state describes the linked resources by opaque names; the e-mail and dates live in the
 * customer's user state.
 */
import { respond } from 'BeanBloomKit'
import { Data, Response } from '@retter/rdk'
import { allowOwner, awsIdFor, customerEmail, deny, initEmail, instanceIdOfBody, isPlatformCall, userIdFor } from 'BeanBloomIdentity'

export const AWS_REGION = 'eu-west-1'

export async function authorizer(data: Data): Promise<Response> {
  const context = data.context
  if (context.methodName === 'eraseCustomer') {
    // Only the customer's Account, once they confirmed deleting it with a code.
    return isPlatformCall(context, 'Account') ? { statusCode: 200 } : deny(context, 'eraseCustomer is called by the Account class only')
  }
  if (context.methodName === 'LIST') {
    return customerEmail(context) ? { statusCode: 200 } : deny(context, 'Only signed-in customers may list their AWS objects')
  }
  return allowOwner(context, awsIdFor)
}

export async function getInstanceId(data: Data<{ email: string }>): Promise<string> {
  return instanceIdOfBody(data.request.body, awsIdFor)
}

export async function init(data: Data<{ email: string }>): Promise<Data> {
  const email = initEmail(data, awsIdFor)
  if (email === null) return data
  // Resource names come from the (secret-keyed) instance id, so they reveal nothing about the e-mail.
  const suffix = (data.context.instanceId || '').replace(/^aws_/, '').slice(0, 12)
  data.state.public = {
    status: 'active',
    region: AWS_REGION,
    resources: { bucket: 'bean-and-bloom-' + suffix, storageClass: 'STANDARD', queue: 'orders-' + suffix },
  }
  // The authorizer lets only the owner create it, so the caller's userId is the customer's own; it
  // differs from userIdFor() for an Account created before the userId got its own derivation.
  const userId = data.context.userId || userIdFor(email)
  data.state.private = { userId: userId }
  data.state.user = {}
  data.state.user[userId] = { email: email, createdAt: new Date(Date.now()).toISOString() }
  respond(data)
  return data
}

export async function getState(data: Data): Promise<Response> {
  const userId = data.context.userId
  const user: Record<string, unknown> = {}
  if (userId && data.state.user && data.state.user[userId]) user[userId] = data.state.user[userId]
  return { statusCode: 200, body: { public: data.state.public || {}, private: {}, user: user, role: data.state.role || {} } }
}

/** READ: the public description (the same as the live public document). */
export async function describe(data: Data): Promise<Data> {
  respond(data, data.state.public)
  return data
}

/**
 * WRITE (the Account class only, on deleting the account): the customer's record is replaced by a
 * new, empty one: nothing of theirs is left (no creation date, no history), only the address the
 * object belongs to, as a new object for that address holds. Public state names opaque resources
 * derived from the id and stays.
 */
export async function eraseCustomer(data: Data): Promise<Data> {
  const priv = (data.state.private || {}) as { userId?: string }
  const users = (data.state.user || {}) as Record<string, { email?: string }>
  const userId = priv.userId || ''
  const email = users[userId] && users[userId].email ? users[userId].email : ''
  data.state.private = { userId: userId }
  data.state.user = {}
  data.state.user[userId] = { email: email, createdAt: new Date(Date.now()).toISOString() }
  respond(data, { erased: true })
  return data
}
