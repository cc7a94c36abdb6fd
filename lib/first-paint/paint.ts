/**
 * Paints a returning customer's last view into a static page before it is first painted, without
 * touching what React hydrates: the page's one inline script (in `<head>`, allowed by its hash in
 * the page's CSP) reads this browser's storage and writes a `<style>` and an attribute on `<html>`,
 * both outside React's tree. Elements the page rendered for every case (see ./names.ts) are then
 * shown or hidden by that style, and text slots get their text as generated content. So the HTML
 * React hydrates is the same for everyone (no hydration mismatch, nothing for React to redo), and
 * a visitor's page paints exactly as before.
 *
 * It also sends a signed-in customer on from `/sign-in` before anything of it paints.
 */
import { CUSTOMER_VIEW_VERSION, MAX_TEXT_LENGTH, PLAN_ID, customerViewKey } from './customer-view'
import { PAINTED_ATTRIBUTE, PENDING_SIGN_IN_KEY, STYLE_ID } from './names'
import { tokenStorageKey } from '@/lib/rio/stored-session'
import { BREAK_POINTS } from '@/lib/format/wrap'
import { ROUTES } from '@/lib/routes'
import { STAFF_IDENTITY } from '@/lib/contract'
import { DEFAULT_LOCALE, LOCALES } from '@/lib/i18n/paths'

export interface FirstPaintConfig {
  project: string
  version: number
  /** localStorage: the customer view (./customer-view.ts). */
  viewKey: string
  /** localStorage: the SDK's stored tokens, whose claims say who is signed in. */
  tokenKey: string
  /** sessionStorage: a sign-in waiting for its code. */
  pendingKey: string
  styleId: string
  paintedAttribute: string
  signInPath: string
  accountPath: string
  /** The identity claim of a staff member's session. */
  staffIdentity: string
  /** Texts longer than this are ignored. */
  maxText: number
  /** What a plan id looks like (the stored view's rule), as a RegExp source. */
  planId: string
  /** Where an e-mail may wrap (lib/format/wrap.ts), as a RegExp source. */
  breakPoints: string
  /** The address prefix of a page in another language than English ("/de"), as a RegExp source. */
  localePrefix: string
}

/** The configuration of this build (its project id is inlined at build time). */
export function firstPaintConfig(project: string = process.env.NEXT_PUBLIC_RIO_PROJECT_ID?.trim() ?? ''): FirstPaintConfig {
  return {
    project,
    version: CUSTOMER_VIEW_VERSION,
    viewKey: customerViewKey(project),
    tokenKey: tokenStorageKey(project),
    pendingKey: PENDING_SIGN_IN_KEY,
    styleId: STYLE_ID,
    paintedAttribute: PAINTED_ATTRIBUTE,
    signInPath: ROUTES.signIn,
    accountPath: ROUTES.account,
    staffIdentity: STAFF_IDENTITY,
    maxText: MAX_TEXT_LENGTH,
    planId: PLAN_ID.source,
    breakPoints: BREAK_POINTS.source,
    localePrefix: `^/(?:${LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).join('|')})(?=/|$)`,
  }
}

/**
 * Reads the storage and (re)writes the first-paint style and attribute. The inline script runs it
 * at load (`atLoad`: a signed-in customer on `/sign-in` is then sent on with `location.replace`);
 * the app runs it again when what it stored changes (a sign-in, fresh data, a sign-out).
 *
 * Self-contained on purpose: the inline script is this function's own source text
 * (`firstPaintScript`), so it may use nothing from outside its body. Any failure (storage blocked,
 * a throwing getter) leaves the page as a visitor's.
 */
export function paintFirstView(win: Window, config: FirstPaintConfig, atLoad: boolean): void {
  const root = win.document.documentElement
  try {
    const KEY = /^[a-z][a-z0-9-]{0,40}$/
    const present: string[] = []
    const texts: string[][] = []
    let plan: string | null = null
    let leaveTo: string | null = null
    const read = (storage: Storage, key: string): Record<string, unknown> | null => {
      const raw = storage.getItem(key)
      if (!raw) return null
      try {
        const value: unknown = JSON.parse(raw)
        return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null
      } catch {
        return null
      }
    }
    const addText = (key: string, text: unknown) => {
      if (!KEY.test(key) || typeof text !== 'string' || text.length > config.maxText) return
      present.push(key)
      texts.push([key, text])
    }
    // A CSS string with the same value: quotes, backslashes and control characters as hex escapes.
    const cssString = (value: string) => `"${value.replace(/["\\\u0000-\u001f\u007f]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `)}"`

    const token = read(win.localStorage, config.tokenKey)
    const claims = token && typeof token.accessTokenDecoded === 'object' && token.accessTokenDecoded !== null
      ? (token.accessTokenDecoded as Record<string, unknown>) : null
    const uid = claims && claims.anonymous !== true && typeof claims.userId === 'string' && claims.userId ? claims.userId : null
    const now = Date.now()
    if (uid) {
      present.push('customer')
      if (claims && claims.identity === config.staffIdentity) present.push('staff')
      const view = read(win.localStorage, config.viewKey)
      // The period of today: the view was made for the days ahead (its dates move on as the
      // schedule does), and says nothing once they are over.
      let period: Record<string, unknown> | null = null
      if (view && view.v === config.version && view.project === config.project && view.uid === uid
        && typeof view.until === 'number' && now < view.until && Array.isArray(view.periods)) {
        for (const candidate of view.periods as unknown[]) {
          if (typeof candidate === 'object' && candidate !== null && typeof (candidate as { from?: unknown }).from === 'number'
            && (candidate as { from: number }).from <= now) period = candidate as Record<string, unknown>
        }
      }
      // Plan ids are words ("barista"): a period naming anything else is not ours, and no part of
      // it reaches a selector.
      if (period && (period.plan === null || (typeof period.plan === 'string' && new RegExp(config.planId).test(period.plan)))) {
        const flags = Array.isArray(period.flags) ? period.flags : []
        for (const flag of flags) if (typeof flag === 'string' && KEY.test(flag)) present.push(flag)
        const periodTexts = typeof period.texts === 'object' && period.texts !== null ? (period.texts as Record<string, unknown>) : {}
        for (const key of Object.keys(periodTexts)) addText(key, periodTexts[key])
        plan = typeof period.plan === 'string' ? period.plan : null
      }
      // The page's language stays: /de/sign-in sends on to /de/account.
      const prefix = (new RegExp(config.localePrefix).exec(win.location.pathname) || [''])[0]
      if (atLoad && (win.location.pathname.slice(prefix.length) || '/') === config.signInPath) {
        // Where /sign-in sends a signed-in visitor: `next` when it is a path on this site.
        const next = new URLSearchParams(win.location.search).get('next')
        const to = next && next.charAt(0) === '/' && next.charAt(1) !== '/' && next.indexOf('\\') === -1
          && !/[\u0000-\u001f\u007f]/.test(next) && next.indexOf(config.signInPath) !== 0 ? next : config.accountPath
        leaveTo = prefix && to.charAt(1) === '?' ? prefix + to.slice(1) : prefix + (prefix && to === '/' ? '' : to)
      }
    } else {
      const pending = read(win.sessionStorage, config.pendingKey)
      if (pending && typeof pending.email === 'string' && typeof pending.sentTo === 'string'
        && typeof pending.expiresAt === 'number' && pending.expiresAt > now) {
        present.push('pending')
        // With the page's own wrap points (zero-width spaces where the code step has <wbr>).
        addText('sent-to', pending.sentTo.split(new RegExp(config.breakPoints)).join('\u200b'))
        if (typeof pending.resendAt === 'number' && pending.resendAt > now) addText('resend-wait', String(Math.ceil((pending.resendAt - now) / 1000)))
      }
    }

    let css = `[data-needs]${present.map((key) => `:not([data-needs="${key}"])`).join('')}{display:none!important}`
    if (present.length > 0) css += `${present.map((key) => `[data-unless="${key}"]`).join(',')}{display:none!important}`
    for (const [key, text] of texts) css += `[data-slot="${key}"]::before{content:${cssString(text ?? '')}}`
    if (plan) {
      const card = `[data-plan-card="${plan}"]`
      // The card also gets --current-plan: 1, for layout that depends on which card it is
      // (components/plans/Plans.module.css puts it first on a phone).
      css += `[data-plan-card]:not(${card}) [data-needs="current"],${card} [data-needs="switch"]{display:none!important}${card}{--current-plan:1}`
    }
    // Nothing of /sign-in paints while the account loads; shown after 4 s should the navigation not happen.
    if (leaveTo) css += 'body{visibility:hidden;animation:first-paint-reveal 0s 4s forwards}@keyframes first-paint-reveal{to{visibility:visible}}'
    let style = win.document.getElementById(config.styleId)
    if (!style) {
      style = win.document.createElement('style')
      style.id = config.styleId
      ;(win.document.head || root).appendChild(style)
    }
    style.textContent = css
    root.setAttribute(config.paintedAttribute, '')
    if (leaveTo) win.location.replace(leaveTo)
  } catch {
    root.removeAttribute(config.paintedAttribute)
    const stale = win.document.getElementById(config.styleId)
    if (stale) stale.textContent = ''
  }
}

/**
 * The page's inline script: `paintFirstView` run at load with this build's configuration. Its text
 * is fixed per build, so the page's CSP allows it by its hash (lib/security/page-policy.ts).
 */
export function firstPaintScript(config: FirstPaintConfig = firstPaintConfig()): string {
  // `<` escaped: the text sits inside <script>, where "</script>" would end it.
  const json = JSON.stringify(config).replace(/</g, '\\u003c')
  // ASCII only, whatever the compiler printed: the HTML parser rewrites some characters (NUL) in a
  // script, and the CSP hash is of the text as written. \uXXXX means the same in strings and regexes.
  return `(${paintFirstView.toString()})(window,${json},true)`
    .replace(/[^\n\t\u0020-\u007e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

/** Paints again from what is stored now (after the app wrote or removed the customer view). */
export function repaintFirstView(): void {
  if (typeof window !== 'undefined') paintFirstView(window, firstPaintConfig(), false)
}
