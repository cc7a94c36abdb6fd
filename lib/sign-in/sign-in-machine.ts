/**
 * The one-time-code sign-in as one reducer with named phases:
 *
 *   email ──send──▶ sending ──sent──▶ code ──verify──▶ verifying ──accepted──▶ signed-in
 *     ▲               │ refused          │  ▲                │ refused
 *     │◀──────────────┘                  │  └────────────────┘
 *     │◀──────── use another e-mail ─────┤
 *                                        └──resend──▶ resending ──sent/refused──▶ code
 *
 * Times are passed in with the events (`now`), so the reducer stays pure and the countdowns are
 * derived from deadlines: a background tab that was throttled still shows the right number.
 */
import type { CodeSent } from '@/lib/rio/sign-in-api'
import { CODE_RECENTLY_SENT, isDeadCodeError, rateLimitWait } from '@/lib/rio/errors/map'
import type { AppError } from '@/lib/types'

export type Phase = 'email' | 'sending' | 'code' | 'verifying' | 'resending' | 'signed-in'

/**
 * The code step's neutral status line, as what it says rather than its words (the page writes it
 * in its language): a code sent moments ago is already in the inbox, or a new one is on its way.
 */
export interface SignInInfo {
  kind: 'recentlySent' | 'newCode'
  /** Where the code went. */
  sentTo: string
}

/** An error shown under a field; a rate limit also keeps the moment its wait ends. */
export interface FieldError {
  error: AppError
  /** For RATE_LIMITED: epoch ms when the wait is over (the message counts down to it). */
  until?: number
}

export interface SignInState {
  phase: Phase
  email: string
  emailError: FieldError | null
  /** Where the code went, as the backend normalised it. */
  sentTo: string
  code: string
  codeError: FieldError | null
  /** A neutral status line, e.g. after a new code was sent. */
  info: SignInInfo | null
  /** Epoch ms before which no new code may be requested; null when one may be requested now. */
  resendAt: number | null
  /** Epoch ms when the code in the inbox stops working. */
  expiresAt: number | null
  /** The code can no longer be verified (too many attempts, expired, none): only a new one helps. */
  needsNewCode: boolean
  /** The clock the countdowns are derived from (set by every timed event and by TICK). */
  now: number
}

/** The part of a sign-in that survives a reload or Back: never the code itself. */
export interface PendingSignIn {
  email: string
  sentTo: string
  resendAt: number | null
  expiresAt: number
}

export type SignInEvent =
  | { type: 'EMAIL_CHANGED'; email: string }
  | { type: 'EMAIL_REFUSED'; error: AppError; now: number }
  | { type: 'SEND' }
  | { type: 'CODE_SENT'; result: CodeSent; now: number }
  | { type: 'CODE_CHANGED'; code: string }
  | { type: 'CODE_REFUSED'; error: AppError; now: number }
  | { type: 'VERIFY' }
  | { type: 'SIGNED_IN' }
  | { type: 'RESEND' }
  | { type: 'USE_ANOTHER_EMAIL' }
  | { type: 'TICK'; now: number }

/** Fallback resend wait when the backend did not say (it says 30 s). */
const DEFAULT_RESEND_SECONDS = 30


/** The flow's first state: the e-mail step, or the code step of a sign-in still pending. */
export function initialSignInState(now: number, pending: PendingSignIn | null): SignInState {
  const base: SignInState = {
    phase: 'email', email: '', emailError: null, sentTo: '', code: '', codeError: null, info: null,
    resendAt: null, expiresAt: null, needsNewCode: false, now,
  }
  if (!pending || pending.expiresAt <= now) return base
  return {
    ...base, phase: 'code', email: pending.email, sentTo: pending.sentTo,
    resendAt: pending.resendAt && pending.resendAt > now ? pending.resendAt : null, expiresAt: pending.expiresAt,
  }
}

/** What survives a reload in this state, or null when nothing is pending. */
export function pendingOf(state: SignInState): PendingSignIn | null {
  if (state.phase === 'email' || state.phase === 'sending' || state.phase === 'signed-in' || state.expiresAt === null) return null
  return { email: state.email, sentTo: state.sentTo, resendAt: state.resendAt, expiresAt: state.expiresAt }
}

function fieldError(error: AppError, now: number): FieldError {
  const wait = rateLimitWait(error)
  return wait === null ? { error } : { error, until: now + wait * 1000 }
}

/** Whole seconds from `now` to `deadline` (0 when it has passed or there is none). */
export function secondsUntil(deadline: number | null | undefined, now: number): number {
  return deadline ? Math.max(0, Math.ceil((deadline - now) / 1000)) : 0
}

export function signInReducer(state: SignInState, event: SignInEvent): SignInState {
  switch (event.type) {
    case 'EMAIL_CHANGED':
      return { ...state, email: event.email, emailError: null }
    case 'SEND':
      return state.phase === 'email' ? { ...state, phase: 'sending', emailError: null } : state
    case 'EMAIL_REFUSED': {
      const wait = rateLimitWait(event.error)
      // A code went to this address moments ago (another tab, a double click, Back): it is in the
      // inbox, so the customer enters it rather than waits on the e-mail step.
      if (event.error.reason === CODE_RECENTLY_SENT && wait !== null) {
        const sentTo = state.email.trim()
        const resendAt = event.now + wait * 1000
        return {
          ...state, phase: 'code', sentTo, code: '', codeError: null, needsNewCode: false, now: event.now, emailError: null,
          info: { kind: 'recentlySent', sentTo },
          // Its exact expiry is not known here; it works at least until a new one may be asked for.
          resendAt, expiresAt: resendAt,
        }
      }
      return { ...state, phase: 'email', emailError: fieldError(event.error, event.now), now: event.now }
    }
    case 'CODE_SENT': {
      const { result, now } = event
      const wait = Number.isFinite(result.resendAfterSeconds) && result.resendAfterSeconds > 0
        ? Math.ceil(result.resendAfterSeconds) : DEFAULT_RESEND_SECONDS
      const resent = state.phase === 'resending'
      return {
        ...state,
        phase: 'code',
        sentTo: result.sentTo || state.sentTo || state.email.trim(),
        code: '',
        codeError: null,
        info: resent ? { kind: 'newCode', sentTo: result.sentTo || state.sentTo } : null,
        resendAt: now + wait * 1000,
        expiresAt: now + result.expiresInSeconds * 1000,
        needsNewCode: false,
        now,
      }
    }
    case 'CODE_CHANGED':
      return { ...state, code: event.code, codeError: null }
    case 'VERIFY':
      return state.phase === 'code' && !state.needsNewCode ? { ...state, phase: 'verifying', codeError: null, info: null } : state
    case 'RESEND':
      return state.phase === 'code' ? { ...state, phase: 'resending', codeError: null, info: null } : state
    case 'CODE_REFUSED': {
      const { error, now } = event
      const codeError = fieldError(error, now)
      // A refused resend restarts the wait from what the backend said.
      const resendAt = state.phase === 'resending' && codeError.until ? codeError.until : state.resendAt
      const dead = isDeadCodeError(error)
      return { ...state, phase: 'code', codeError, resendAt, needsNewCode: state.needsNewCode || dead, now }
    }
    case 'SIGNED_IN':
      return { ...state, phase: 'signed-in' }
    case 'USE_ANOTHER_EMAIL':
      return { ...state, phase: 'email', code: '', codeError: null, info: null, needsNewCode: false, expiresAt: null }
    case 'TICK':
      return { ...state, now: event.now }
  }
}
