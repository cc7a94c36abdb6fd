import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { EMAIL_SHAPE } from '@/lib/format/email'
import { ACCOUNT_CLASS, ACCOUNT_LOOKUP_KEY, type SendOtpResult, type VerifyOtpResult } from '@/lib/contract'
import { adoptStoredSession, rejectOnSdkFirebaseError, type RioClient, type RioCloudObject } from '@/lib/rio/client'
import { openAuthChannel, type AuthBroadcast, type AuthChannel } from '@/lib/rio/cross-tab'
import {
  RioAppError, authFailedError, invalidOtpError, noCloudObjectError, signInTimeoutError, toAppError,
} from '@/lib/rio/errors'
import { useRio } from './RioContext'
import type { AuthContextValue, AuthStatus } from './types'

/** A sign-in that has not settled by then fails (SDK 0.4.0 never settles if Firebase sign-in hangs). */
export const SIGN_IN_TIMEOUT_MS = 15_000

const AuthContext = createContext<AuthContextValue | undefined>(undefined)
AuthContext.displayName = 'AuthContext'

interface Session {
  authStatus: AuthStatus | 'unknown'
  uid: string | null
  identity: string | null
  email: string | null
}

const UNKNOWN: Session = { authStatus: 'unknown', uid: null, identity: null, email: null }

/** Trimmed and lower-cased, as the backend keys accounts. Rejects what cannot be an address. */
export function normaliseEmail(raw: string): string {
  const email = raw.trim().toLowerCase()
  if (!email) throw new RioAppError({ code: 'INVALID_EMAIL', message: 'Enter your e-mail address.' })
  if (!EMAIL_SHAPE.test(email)) {
    throw new RioAppError({ code: 'INVALID_EMAIL', message: `"${raw.trim()}" is not a valid e-mail address.` })
  }
  return email
}

function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(onTimeout()), ms)
    promise.then(
      (value) => { clearTimeout(timer); resolve(value) },
      (error: unknown) => { clearTimeout(timer); reject(error) },
    )
  })
}

/** Firebase sign-in failed inside the SDK; its auth pipeline is dead until the page reloads. */
function liveSignInError(error: unknown): Error {
  const code = (error as { code?: unknown }).code
  return new RioAppError({
    code: 'FIREBASE_AUTH',
    message: `Sign-in could not connect live updates${typeof code === 'string' ? ` (${code})` : ''}. Reload the page and try again.`,
  })
}

function emailFromClaims(user: { claims?: Record<string, unknown> } | undefined): string | null {
  const email = user?.claims?.email
  return typeof email === 'string' && email ? email : null
}

/** Session state and the one-time-code sign-in. Needs a RioProvider above it. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { client, projectId, status: rioStatus } = useRio()
  const [session, setSession] = useState<Session>(UNKNOWN)
  // Read by the cross-tab listener, which must not re-subscribe on every status change.
  const sessionRef = useRef(session)
  useEffect(() => { sessionRef.current = session }, [session])
  // The Account object of the last sendOtp; verifyOtp calls the same object.
  const pendingRef = useRef<{ email: string; object: RioCloudObject } | null>(null)
  const channelRef = useRef<AuthChannel | null>(null)

  useEffect(() => {
    if (!client) return
    let latest = 0
    const subscription = client.authStatus.subscribe((event) => {
      const ticket = ++latest
      const base = { authStatus: event.authStatus as AuthStatus, uid: event.uid ?? null, identity: event.identity ?? null }
      if (base.authStatus !== 'SIGNED_IN') {
        setSession({ ...base, email: null })
        return
      }
      // Set status and e-mail together, so "signed in" never shows without its e-mail.
      client.getCurrentUser().then(
        (user) => { if (ticket === latest) setSession({ ...base, email: emailFromClaims(user) }) },
        () => { if (ticket === latest) setSession({ ...base, email: null }) },
      )
    })
    return () => {
      latest = -1
      subscription.unsubscribe()
    }
  }, [client])

  useEffect(() => {
    if (!client || !projectId) return
    const follow = async (message: AuthBroadcast) => {
      const current = sessionRef.current
      if (message.type === 'signed-out') {
        if (current.authStatus === 'SIGNED_IN') {
          pendingRef.current = null
          await client.signOut()
        }
      } else if (current.authStatus !== 'SIGNED_IN' || current.uid !== message.uid) {
        await adoptStoredSession(client)
      }
    }
    const channel = openAuthChannel(projectId, (message) => {
      // Another tab's change must never surface as an unhandled rejection here; the next action
      // re-reads the shared token anyway.
      follow(message).catch(() => undefined)
    })
    channelRef.current = channel
    return () => {
      channel.close()
      channelRef.current = null
    }
  }, [client, projectId])

  const requireClient = useCallback((): RioClient => {
    if (!client) throw new RioAppError({ code: 'SDK_STATE', message: 'Retter SDK not initialized.' })
    return client
  }, [client])

  const sendOtp = useCallback<AuthContextValue['sendOtp']>(async (rawEmail) => {
    const email = normaliseEmail(rawEmail)
    const rio = requireClient()
    try {
      // SDK 0.4.0 puts lookup-key values into the path unencoded; `+`, `/`, `?`, `#`, `%` are legal
      // in addresses, so encode here (the backend decodes path segments).
      const object = await rio.getCloudObject({ classId: ACCOUNT_CLASS, key: { name: ACCOUNT_LOOKUP_KEY, value: encodeURIComponent(email) } })
      // Kept before the call: after a refused resend (429) the earlier code is still valid.
      pendingRef.current = { email, object }
      const response = await object.call<SendOtpResult>({ method: 'sendOtp' })
      const result = response.data
      return {
        sentTo: result?.sentTo || email,
        resendAfterSeconds: result?.resendAfterSeconds ?? 30,
        expiresInSeconds: result?.expiresInSeconds ?? 300,
      }
    } catch (error) {
      throw toAppError(error)
    }
  }, [requireClient])

  const verifyOtp = useCallback<AuthContextValue['verifyOtp']>(async (rawCode) => {
    const pending = pendingRef.current
    if (!pending) throw noCloudObjectError()
    const rio = requireClient()
    // Pasted codes come as "12 34 56" or "123-456".
    const code = rawCode.replace(/[\s-]/g, '')
    let result: VerifyOtpResult
    try {
      result = (await pending.object.call<VerifyOtpResult>({ method: 'verifyOtp', body: { code } })).data
    } catch (error) {
      throw toAppError(error)
    }
    if (!result || result.success !== true) {
      throw invalidOtpError(result && result.success === false ? result.error : undefined)
    }
    const event = await withTimeout(
      rejectOnSdkFirebaseError(rio.authenticateWithCustomToken(result.data.customToken), liveSignInError),
      SIGN_IN_TIMEOUT_MS,
      () => signInTimeoutError(SIGN_IN_TIMEOUT_MS / 1000),
    ).catch((error: unknown) => { throw toAppError(error) })
    if (event.authStatus === 'AUTH_FAILED') throw authFailedError(event.message)
    pendingRef.current = null
    channelRef.current?.post({ type: 'signed-in', uid: event.uid ?? null })
  }, [requireClient])

  const signOut = useCallback<AuthContextValue['signOut']>(async () => {
    const rio = requireClient()
    try {
      await rio.signOut()
    } catch (error) {
      throw toAppError(error)
    }
    pendingRef.current = null
    channelRef.current?.post({ type: 'signed-out', uid: null })
  }, [requireClient])

  const value = useMemo<AuthContextValue>(() => ({
    authStatus: session.authStatus,
    isSignedIn: session.authStatus === 'SIGNED_IN',
    isInitializing: session.authStatus === 'unknown' && rioStatus !== 'error',
    uid: session.uid,
    identity: session.identity,
    email: session.authStatus === 'SIGNED_IN' ? session.email : null,
    sendOtp,
    verifyOtp,
    signOut,
  }), [session, rioStatus, sendOtp, verifyOtp, signOut])

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

/** Session state and sign-in actions. Throws outside an AuthProvider. */
export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext)
  if (context === undefined) throw new Error('useAuth must be used within a AuthProvider')
  return context
}
