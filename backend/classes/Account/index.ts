/**
 * Handlers of the `Account` class: one instance per normalised e-mail, one-time-code sign-in,
 * the subscription plans and the customer's chosen plan.
 */
import type {
  AccountPublicState,
  RateLimitedBody,
  SelectPlanInput,
  SendOtpResult,
  SubscriptionPlan,
  VerifyOtpErrorCode,
  VerifyOtpInput,
  VerifyOtpResult,
} from '../../../lib/contract'
import type { InstanceState } from '../../runtime/plugins'
import type { Authorizer, Data, GetInstanceId, Handler } from '../../runtime/types'
import plansJson from '../../data/plans.json'
import { ALLOW, CUSTOMER_IDENTITY, accountIdFor, allowOwner, customerEmail, deny, emailForInit, instanceIdFromEmail, userIdFor } from '../identity'
import { OTP_MAX_ATTEMPTS, OTP_RESEND_AFTER_MS, OTP_TTL_MS, issueOtp, otpMatches, type StoredOtp } from './otp'

const plans = plansJson as SubscriptionPlan[]

interface AccountPrivateState {
  otp?: StoredOtp
  /** Epoch ms of the latest code sent (resend throttle). */
  lastOtpSentAt?: number
}

const publicOf = (data: Data) => data.state.public as unknown as AccountPublicState
const privateOf = (data: Data) => data.state.private as AccountPrivateState

/** Methods anyone may call, signed in or not (the sign-in flow itself and the plan list). */
const OPEN_TO_ANYONE = new Set(['INIT', 'GET', 'sendOtp', 'verifyOtp', 'getSubscriptionPlans'])

export const authorizer: Authorizer = async ({ context }) => {
  if (OPEN_TO_ANYONE.has(context.methodName)) return ALLOW
  if (context.methodName === 'LIST') {
    return customerEmail(context) ? ALLOW : deny(context, 'Only signed-in customers may list their accounts')
  }
  return allowOwner(context, accountIdFor)
}

export const getInstanceId: GetInstanceId = instanceIdFromEmail(accountIdFor)

export const init: Handler = async (data, rdk) => {
  const email = emailForInit(data, accountIdFor)
  if (email === undefined) return data
  data.state.public = { email, plan: null }
  rdk.setLookUpKey({ name: 'email', value: email })
  data.response = { statusCode: 200, body: {} }
  return data
}

/** STATE never exposes private state (it holds the code hash). */
export const getState: Handler = async (data) => {
  data.response = { statusCode: 200, body: { public: data.state.public, private: {}, user: data.state.user, role: data.state.role } }
  return data
}

export const sendOtp: Handler = async (data, rdk) => {
  const now = rdk.now()
  const priv = privateOf(data)
  const email = publicOf(data).email
  if (priv.lastOtpSentAt !== undefined && now - priv.lastOtpSentAt < OTP_RESEND_AFTER_MS) {
    const retryAfterSeconds = Math.ceil((priv.lastOtpSentAt + OTP_RESEND_AFTER_MS - now) / 1000)
    const body: RateLimitedBody = {
      code: 'RATE_LIMITED',
      message: `A code was sent moments ago. You can request a new one in ${retryAfterSeconds} s.`,
      retryAfterSeconds,
    }
    data.response = { statusCode: 429, body, headers: { 'retry-after': String(retryAfterSeconds) } }
    return data
  }
  const { code, stored } = issueOtp(now)
  priv.otp = stored
  priv.lastOtpSentAt = now
  rdk.sendEmail({
    to: email,
    subject: 'Your Bean & Bloom sign-in code',
    text: `Your sign-in code is ${code}. It expires in ${OTP_TTL_MS / 60000} minutes. If you did not ask for it, ignore this message.`,
    code,
  })
  const body: SendOtpResult = { sentTo: email, expiresInSeconds: OTP_TTL_MS / 1000, resendAfterSeconds: OTP_RESEND_AFTER_MS / 1000 }
  data.response = { statusCode: 200, body }
  return data
}

const VERIFY_MESSAGES: Record<VerifyOtpErrorCode, string> = {
  INVALID_CODE: 'Invalid OTP',
  CODE_EXPIRED: 'This code has expired. Request a new one.',
  TOO_MANY_ATTEMPTS: 'Too many attempts. Request a new code.',
  NO_CODE: 'No code was requested for this e-mail.',
}

function verifyFailure(data: Data, code: VerifyOtpErrorCode, attemptsLeft?: number): Data {
  const body: VerifyOtpResult = {
    success: false,
    error: { code, message: VERIFY_MESSAGES[code], ...(attemptsLeft !== undefined ? { attemptsLeft } : {}) },
  }
  data.response = { statusCode: 200, body }
  return data
}

export const verifyOtp: Handler = async (data, rdk) => {
  const { code } = data.request.body as VerifyOtpInput
  const now = rdk.now()
  const priv = privateOf(data)
  const otp = priv.otp
  if (!otp) return verifyFailure(data, 'NO_CODE')
  if (otp.failedAttempts >= OTP_MAX_ATTEMPTS) return verifyFailure(data, 'TOO_MANY_ATTEMPTS')
  if (now >= otp.expiresAt) return verifyFailure(data, 'CODE_EXPIRED')
  if (!otpMatches(otp, code)) {
    otp.failedAttempts += 1
    const attemptsLeft = OTP_MAX_ATTEMPTS - otp.failedAttempts
    if (attemptsLeft > 0) return verifyFailure(data, 'INVALID_CODE', attemptsLeft)
    // Void the code: even the right one no longer works.
    otp.hash = ''
    return verifyFailure(data, 'TOO_MANY_ATTEMPTS')
  }
  // A used code is gone, so it cannot be replayed.
  delete priv.otp
  const pub = publicOf(data)
  const nowIso = new Date(now).toISOString()
  pub.memberSince = pub.memberSince ?? nowIso
  pub.lastSignInAt = nowIso
  const customToken = rdk.generateCustomToken({ userId: userIdFor(pub.email), identity: CUSTOMER_IDENTITY, claims: { email: pub.email } })
  const body: VerifyOtpResult = { success: true, data: { customToken } }
  data.response = { statusCode: 200, body }
  return data
}

export const getSubscriptionPlans: Handler = async (data) => {
  data.response = { statusCode: 200, body: structuredClone(plans) }
  return data
}

export const selectPlan: Handler = async (data, rdk) => {
  const { planId } = data.request.body as SelectPlanInput
  if (!plans.some((p) => p.id === planId)) {
    data.response = { statusCode: 400, body: { code: 'UNKNOWN_PLAN', message: `There is no plan "${planId}"` } }
    return data
  }
  const pub = publicOf(data)
  pub.plan = planId
  pub.planChangedAt = new Date(rdk.now()).toISOString()
  data.response = { statusCode: 200, body: { plan: pub.plan, planChangedAt: pub.planChangedAt } }
  return data
}

/** The customer whose e-mail the instance belongs to. */
export function owners(state: InstanceState): string[] {
  const email = state.public.email
  return typeof email === 'string' ? [userIdFor(email)] : []
}
