/**
 * The last view a customer saw, kept in this browser so the next load can paint it before any
 * script has loaded (./paint.ts reads it in the page's inline script): which plan they are on, the
 * line and summary texts as the app last rendered them, their e-mail. Written by the app when it
 * has fresh data from the backend, removed when the customer signs out (in any tab). It holds
 * nothing secret: no token, no code; the SDK keeps its own tokens under its own key.
 */

/**
 * Keys with no text: what is known about the customer.
 * - `customer`: the SDK holds a customer's (not an anonymous) session in this browser;
 * - `staff`: that session is a staff member's (the header also offers the Roastery);
 * - `pending`: a sign-in in this tab is waiting for its code (the code step shows);
 * - `start`: the customer is on no plan, so the plans offer "Start with …";
 * - `switch`, `current`: the customer is on a plan: the others offer "Switch to …", its card says so;
 * - `next-none`, `next-cancelled`, `next-live`: the shape of the subscription summary on `/account`;
 *   `next-unscheduled`: active or paused with no delivery date.
 */
export const FIRST_PAINT_FLAGS = [
  'customer', 'staff', 'pending', 'start', 'switch', 'current', 'next-none', 'next-cancelled', 'next-live', 'next-unscheduled',
] as const

/** A key with no text. */
export type FirstPaintFlag = (typeof FIRST_PAINT_FLAGS)[number]

/**
 * Keys that carry a text: the line above the plans ("You’re on Barista · next delivery Thu 3 Dec"),
 * the customer's e-mail, the parts of the subscription summary, and, for a pending sign-in, where
 * the code went and the seconds until a new one may be asked for.
 */
export const FIRST_PAINT_TEXTS = [
  'plan-line', 'email', 'next-heading', 'next-cancelled-on', 'next-restart', 'next-paused-until', 'next-when-label',
  'next-when', 'next-what-plan', 'next-what-rest', 'next-to', 'sent-to', 'resend-wait',
] as const

/** A key that carries a text. */
export type FirstPaintText = (typeof FIRST_PAINT_TEXTS)[number]

/** Bumped when the shape changes: a view of another version is ignored, never misread. */
export const CUSTOMER_VIEW_VERSION = 1

/** Texts longer than this are not kept (a summary line is far shorter): storage is not a dump. */
export const MAX_TEXT_LENGTH = 500

/** What the first paint shows from one moment on: the keys present, their words, the plan marked. */
export interface ViewPeriod {
  /** Epoch ms from which this paint applies; the first period's is 0. */
  from: number
  flags: FirstPaintFlag[]
  texts: Partial<Record<FirstPaintText, string>>
  /** The plan the customer is on (active or paused), else null. A word: letters, digits, `_`, `-`. */
  plan: string | null
}

/** At most this many periods are kept (one per day of ./view-of.ts's horizon). */
export const MAX_PERIODS = 14

export interface CustomerView {
  v: typeof CUSTOMER_VIEW_VERSION
  /** The Retter project the view belongs to. */
  project: string
  /** The customer's user id: the view paints only while the SDK's stored session is theirs. */
  uid: string
  /** When the app wrote it (ISO 8601). */
  savedAt: string
  /**
   * The paint from now on, day by day as the schedule moves (the next delivery after a delivery
   * day, the end of a pause), in ascending `from`: a returning customer never sees a date as "next"
   * that has passed.
   */
  periods: ViewPeriod[]
  /** Epoch ms from which the view says nothing more (the first paint shows the signed-in shell only). */
  until: number
}

/** The localStorage key of a project's view. */
export function customerViewKey(projectId: string): string {
  return `bean-and-bloom.customer-view.${projectId}`
}

/** This browser's localStorage, or null where there is none or it is blocked (privacy settings). */
export function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

/** Plan ids are words ("barista", "daily-grind"), as the inline script also requires. */
export const PLAN_ID = /^[\w-]{1,64}$/
const FLAGS: ReadonlySet<string> = new Set(FIRST_PAINT_FLAGS)
const TEXTS: ReadonlySet<string> = new Set(FIRST_PAINT_TEXTS)

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * The view as stored, or null when there is none, it is malformed, of another version, or of
 * another project. Unknown flags or texts make the whole view unusable: it was written by other code.
 */
export function parseCustomerView(raw: string | null, projectId: string): CustomerView | null {
  if (!raw) return null
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return null
  }
  if (!isRecord(value) || value.v !== CUSTOMER_VIEW_VERSION || value.project !== projectId) return null
  const { uid, savedAt, periods, until } = value
  if (typeof uid !== 'string' || !uid || typeof savedAt !== 'string' || typeof until !== 'number') return null
  if (!Array.isArray(periods) || periods.length === 0 || periods.length > MAX_PERIODS) return null
  const parsed: ViewPeriod[] = []
  for (const period of periods) {
    const checked = parsePeriod(period)
    const previous = parsed[parsed.length - 1]
    if (!checked || (previous ? checked.from <= previous.from : checked.from !== 0)) return null
    parsed.push(checked)
  }
  return { v: CUSTOMER_VIEW_VERSION, project: projectId, uid, savedAt, periods: parsed, until }
}

function parsePeriod(value: unknown): ViewPeriod | null {
  if (!isRecord(value)) return null
  const { from, flags, texts, plan } = value
  if (typeof from !== 'number' || !Number.isFinite(from)) return null
  if (!Array.isArray(flags) || !flags.every((flag): flag is FirstPaintFlag => typeof flag === 'string' && FLAGS.has(flag))) return null
  if (!isRecord(texts)) return null
  const entries = Object.entries(texts)
  if (!entries.every(([key, text]) => TEXTS.has(key) && typeof text === 'string' && text.length <= MAX_TEXT_LENGTH)) return null
  if (plan !== null && (typeof plan !== 'string' || !PLAN_ID.test(plan))) return null
  return { from, flags, texts: Object.fromEntries(entries) as ViewPeriod['texts'], plan }
}

/** The project's stored view, or null (none, unreadable, malformed, not this project's). */
export function readCustomerView(storage: Storage | null, projectId: string): CustomerView | null {
  if (!storage) return null
  try {
    return parseCustomerView(storage.getItem(customerViewKey(projectId)), projectId)
  } catch {
    return null
  }
}

/**
 * Keeps `view` as its project's view. Throws a RangeError naming the text when one is over
 * MAX_TEXT_LENGTH (nothing is written then); a full or blocked storage only costs the next first
 * paint, so it is not an error.
 * @returns true when stored
 */
export function writeCustomerView(storage: Storage | null, view: CustomerView): boolean {
  for (const period of view.periods) {
    for (const [key, text] of Object.entries(period.texts)) {
      if (text.length > MAX_TEXT_LENGTH) throw new RangeError(`The first-paint text "${key}" is ${text.length} characters, over ${MAX_TEXT_LENGTH}.`)
    }
  }
  if (!storage) return false
  try {
    storage.setItem(customerViewKey(view.project), JSON.stringify(view))
    return true
  } catch {
    return false
  }
}

/** Forgets the project's view (sign-out). */
export function clearCustomerView(storage: Storage | null, projectId: string): void {
  try {
    storage?.removeItem(customerViewKey(projectId))
  } catch {
    // Blocked storage holds no view either.
  }
}
