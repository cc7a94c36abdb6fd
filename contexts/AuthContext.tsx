import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react'
import type { OtpChallenge } from '@/lib/rio/sign-in-api'
import { noCloudObjectError } from '@/lib/rio/errors/app-error'
import { mapRejection } from '@/lib/rio/errors/map-later'
import type { AuthChannel } from '@/lib/rio/cross-tab'
import type { Session } from '@/lib/rio/session-api'
import { hasStoredSignIn } from '@/lib/rio/stored-session'
import { useRio } from './RioContext'
import type { AuthContextValue } from './types'
import { forgetSignInMoment } from '@/lib/rio/session-start'

// The request layer loads with the first request (after first paint), not with the page; the
// session module with the SDK (RioProvider's start), so it is there once there is a client.
const signInApi = () => import('@/lib/rio/sign-in-api')
const sessionApi = () => import('@/lib/rio/start').then((start) => start.sessionApi)

const AuthContext = createContext<AuthContextValue | undefined>(undefined)
AuthContext.displayName = 'AuthContext'

type SessionState = Omit<Session, 'authStatus'> & { authStatus: Session['authStatus'] | 'unknown'; signedOutElsewhere: boolean }

const UNKNOWN: SessionState = { authStatus: 'unknown', uid: null, identity: null, email: null, signedOutElsewhere: false }

// Read once per render from localStorage; the server (and hydration) assume no stored sign-in.
const noSubscription = () => () => undefined
const noStoredSignInOnServer = () => false

/** Session state and the one-time-code sign-in. Needs a RioProvider above it. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { client, rio, projectId, status: rioStatus } = useRio()
  const [session, setSession] = useState<SessionState>(UNKNOWN)
  // Read by the cross-tab listener, which must not re-subscribe on every status change.
  const sessionRef = useRef(session)
  useEffect(() => { sessionRef.current = session }, [session])
  // The Account object of the last sendOtp; verifyOtp checks codes against it.
  const pendingRef = useRef<OtpChallenge | null>(null)
  const channelRef = useRef<AuthChannel | null>(null)
  const storedSignIn = useSyncExternalStore(noSubscription, hasStoredSignIn, noStoredSignInOnServer)

  useEffect(() => {
    if (!client) return
    let alive = true
    let stop: (() => void) | null = null
    // Already loaded with the client; a failure leaves the status unknown, as without a client.
    sessionApi().then(({ watchSession }) => {
      if (!alive) return
      stop = watchSession(client, (next) => setSession((prev) => ({
        ...next,
        // Stays true through the signed-out and anonymous statuses that follow; a sign-in ends it.
        signedOutElsewhere: next.authStatus === 'SIGNED_IN' ? false : prev.signedOutElsewhere,
      })))
    }, () => undefined)
    return () => {
      alive = false
      stop?.()
    }
  }, [client])

  useEffect(() => {
    if (!client || !projectId) return
    let alive = true
    sessionApi().then(({ openAuthChannel, followOtherTab }) => {
      if (!alive) return
      channelRef.current = openAuthChannel(projectId, (message) => {
        const current = sessionRef.current
        if (message.type === 'signed-out' && current.authStatus === 'SIGNED_IN') {
          pendingRef.current = null
          setSession((prev) => ({ ...prev, signedOutElsewhere: true }))
        }
        // Another tab's change must never surface as an unhandled rejection here; the next action
        // re-reads the shared token anyway.
        followOtherTab(client, message, { signedIn: current.authStatus === 'SIGNED_IN', uid: current.uid })
          .catch(() => undefined)
      })
    }, () => undefined)
    return () => {
      alive = false
      channelRef.current?.close()
      channelRef.current = null
    }
  }, [client, projectId])

  const sendOtp = useCallback<AuthContextValue['sendOtp']>((rawEmail) => mapRejection(async () => {
    const { checkedEmail, openChallenge, sendCode } = await signInApi()
    const email = checkedEmail(rawEmail)
    const challenge = await openChallenge(rio, email)
    // Kept before the call: after a refused resend (429) the earlier code is still valid.
    pendingRef.current = challenge
    return sendCode(challenge)
  }), [rio])

  const verifyOtp = useCallback<AuthContextValue['verifyOtp']>((code, rawEmail) => mapRejection(async () => {
    const { checkedEmail, openChallenge, verifyCode } = await signInApi()
    let challenge = pendingRef.current
    if (rawEmail !== undefined) {
      const email = checkedEmail(rawEmail)
      if (challenge?.email !== email) challenge = pendingRef.current = await openChallenge(rio, email)
    }
    if (!challenge) throw noCloudObjectError()
    const uid = await verifyCode(rio, challenge, code)
    pendingRef.current = null
    channelRef.current?.post({ type: 'signed-in', uid })
  }), [rio])

  const signOut = useCallback<AuthContextValue['signOut']>(() => mapRejection(async () => {
    const [{ signOut: signOutSdk }, client] = await Promise.all([sessionApi(), rio()])
    await signOutSdk(client)
    forgetSignInMoment()
    pendingRef.current = null
    channelRef.current?.post({ type: 'signed-out', uid: null })
  }), [rio])

  const value = useMemo<AuthContextValue>(() => ({
    authStatus: session.authStatus,
    isSignedIn: session.authStatus === 'SIGNED_IN',
    isInitializing: session.authStatus === 'unknown' && rioStatus !== 'error',
    restoringSession: session.authStatus === 'unknown' && rioStatus !== 'error' && storedSignIn,
    uid: session.uid,
    identity: session.identity,
    email: session.authStatus === 'SIGNED_IN' ? session.email : null,
    signedOutElsewhere: session.authStatus !== 'SIGNED_IN' && session.signedOutElsewhere,
    sendOtp,
    verifyOtp,
    signOut,
  }), [session, rioStatus, storedSignIn, sendOtp, verifyOtp, signOut])

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

/** Session state and sign-in actions. Throws outside an AuthProvider. */
export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext)
  if (context === undefined) throw new Error('useAuth must be used within a AuthProvider')
  return context
}
