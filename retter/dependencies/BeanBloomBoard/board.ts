/**
 * A delivery day's board: what the roastery roasts, packs and ships that day. Pure functions over
 * plain values and no imports: the Roastery class keeps boards with them, the Account class names
 * its deliveries with them, and the web app reads boards with this very module.
 *
 * - One entry per delivery, keyed by `deliveryId` (the customer's Account instance id and the day:
 *   an HMAC, so the board never carries the customer's e-mail).
 * - A shipped delivery is final: later changes from the customer's Account neither change nor
 *   remove it, so the board keeps what actually left the roastery.
 * - `totals` (bags per plan × grind × roast) always equal `totalsOf(deliveries)`: each change
 *   adjusts the one row it touches instead of counting the whole day again.
 */

export type DeliveryStatus = 'scheduled' | 'shipped'

/**
 * Where a delivery's payment stands (the Account's record, BeanBloomSubscription's payments.ts):
 * absent until the delivery is final and charged.
 */
export type BoardPayment = 'charging' | 'processing' | 'settling' | 'paid' | 'failed' | 'requires_action' | 'unpaid' | 'free'

/**
 * True when a delivery with this payment may be shipped: paid, a SEPA debit settling under its
 * mandate, or a free replacement staff sent for a lost parcel (never charged).
 */
export function paidForShipping(payment: BoardPayment | undefined): boolean {
  return payment === 'paid' || payment === 'processing' || payment === 'free'
}

/** Where a delivery goes (the recipient's name is the entry's `name`). */
export interface BoardAddress {
  line1: string
  line2?: string
  city: string
  postalCode: string
  /** ISO 3166-1 alpha-2, upper case. */
  country: string
}

/** What a customer's Account puts on the board for one delivery. */
export interface BoardDeliveryInput {
  /** Plan id. */
  plan: string
  grind: string
  roast: string
  /** Bags in this delivery (the plan's). */
  bags: number
  /** The coffee it gets, by the catalogue's name, when the catalogue names one (the roaster's choice, or the roast's). */
  coffee?: string
  /** Who the parcel is for. */
  name: string
  address: BoardAddress
  /** A free replacement for the customer's lost delivery of this day (`YYYY-MM-DD`): its own packing line, never charged. */
  replacementFor?: string
  /** What the customer added to pack with it (the extras' English names), in the order they added them. */
  extras?: BoardExtra[]
}

/** One extra packed with a delivery. */
export interface BoardExtra {
  itemId: string
  name: string
  quantity: number
  /** A bag of the delivery's coffee, ground the same way (an extra that carries coffee's VAT): roasted with it. */
  bag?: boolean
}

function extrasKey(extras: ReadonlyArray<BoardExtra> | undefined): string {
  return (extras || []).map(function (e) { return e.itemId + ' ' + e.quantity + ' ' + e.name + (e.bag ? ' bag' : '') }).join('|')
}

/** The bags to roast for a delivery: its plan's, and each extra bag of its coffee. */
export function bagsToRoast(d: Pick<BoardDeliveryInput, 'bags' | 'extras'>): number {
  return d.bags + (d.extras || []).reduce(function (sum, e) { return sum + (e.bag ? e.quantity : 0) }, 0)
}

/**
 * What the board keeps of a receipt or a credit note (the customer's Account holds the document
 * itself): enough for the roastery's money view and the accountant's CSV.
 */
export interface BoardDocument {
  kind: 'receipt' | 'credit-note'
  number: string
  /** ISO instant it was issued. */
  issuedAt: string
  /** VAT included; gross = net + vat. */
  grossCents: number
  netCents: number
  vatCents: number
  vatRateBp: number
  /** The country whose VAT applies. */
  vatCountry: string
  /** A document of lines (a delivery with extras): its amounts by rate, which add up to the ones above. */
  vatLines?: Array<{ rateBp: number; grossCents: number; netCents: number; vatCents: number }>
  /** Receipt: how it was paid ("Visa •••• 4242"). */
  method?: string
  /** Credit note: the receipt it corrects, and why staff refunded. */
  receiptNumber?: string
  reason?: string
}

/** One delivery on the board. */
export interface BoardDelivery extends BoardDeliveryInput {
  deliveryId: string
  status: DeliveryStatus
  /** ISO instant it was marked shipped. */
  shippedAt?: string
  /** The payment, once the delivery is final and charged. */
  payment?: BoardPayment
  /** What its payment is for (integer euro cents), once charged. */
  amountCents?: number
  /** The receipt, once the payment succeeded. */
  receipt?: BoardDocument
  /** Cents refunded by staff so far (money.ts). */
  refundedCents?: number
  /** The credit notes of those refunds, oldest first. */
  creditNotes?: BoardDocument[]
  /** The parcel's carrier (an id of carriers.ts) and tracking number, once staff entered them. */
  tracking?: { carrier: string; number: string }
}

/** Bags (and deliveries) of one plan × grind × roast on the day. */
export interface BoardTotal {
  plan: string
  grind: string
  roast: string
  bags: number
  deliveries: number
}

/** A day's board: the staff role state of a Roastery instance. */
export interface Board {
  /** The delivery day, `YYYY-MM-DD` (UTC), also the instance id. */
  date: string
  /** Sorted for packing: by plan, grind, roast, then name. */
  deliveries: BoardDelivery[]
  /** Sorted by plan, grind, roast; only combinations with at least one delivery. */
  totals: BoardTotal[]
  /** ISO instant of the latest change, null for a day nothing reached yet. */
  updatedAt: string | null
}

/**
 * The id of an Account's delivery on `day` (`YYYY-MM-DD`): the Account instance id (an HMAC, never
 * the e-mail) and the day.
 */
export function deliveryIdFor(accountId: string, day: string): string {
  return accountId + ':' + day
}

/** What ends the id of a free replacement staff send on a day: `<accountId>:<YYYY-MM-DD>-replacement`. */
export const REPLACEMENT_SUFFIX = '-replacement'

/** The id of the free replacement an Account gets on `day` (`YYYY-MM-DD`), beside its own delivery of that day. */
export function replacementIdFor(accountId: string, day: string): string {
  return deliveryIdFor(accountId, day) + REPLACEMENT_SUFFIX
}

/** True for the id of a free replacement. */
export function isReplacementId(deliveryId: string): boolean {
  return deliveryId.slice(-REPLACEMENT_SUFFIX.length) === REPLACEMENT_SUFFIX
}

/** True when `deliveryId` is a delivery of `day` (the customer's own, or a replacement sent that day). */
export function isDeliveryOfDay(deliveryId: string, day: string): boolean {
  const account = accountOf(deliveryId)
  return deliveryId === deliveryIdFor(account, day) || deliveryId === replacementIdFor(account, day)
}

/** The Account instance id a delivery id names (`<accountId>:<YYYY-MM-DD>`, or a replacement's). */
export function accountOf(deliveryId: string): string {
  return deliveryId.slice(0, deliveryId.lastIndexOf(':'))
}

export type UpsertOutcome = 'added' | 'changed' | 'unchanged' | 'shipped'
export type RemoveOutcome = 'removed' | 'absent' | 'shipped'
export type ShipOutcome = 'shipped' | 'already-shipped' | 'absent'
export type PaymentOutcome = 'changed' | 'unchanged' | 'absent'

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/

/** True for `YYYY-MM-DD` naming a real calendar day (not 2026-02-30). */
export function isBoardDate(value: unknown): value is string {
  if (typeof value !== 'string' || !DAY_PATTERN.test(value)) return false
  const ms = Date.parse(value + 'T00:00:00.000Z')
  return !isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value
}

/** The board of a day nothing has reached yet. */
export function emptyBoard(date: string): Board {
  return { date: date, deliveries: [], totals: [], updatedAt: null }
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

function byProduct(a: { plan: string; grind: string; roast: string }, b: { plan: string; grind: string; roast: string }): number {
  return compareText(a.plan, b.plan) || compareText(a.grind, b.grind) || compareText(a.roast, b.roast)
}

/** Packing order: by plan, grind, roast, then name (case-insensitive), then delivery id. */
export function byPacking(a: BoardDelivery, b: BoardDelivery): number {
  return byProduct(a, b) || compareText(a.name.toLowerCase(), b.name.toLowerCase()) || compareText(a.deliveryId, b.deliveryId)
}

/** Bags and deliveries per plan × grind × roast of `deliveries`, sorted. */
export function totalsOf(deliveries: ReadonlyArray<BoardDelivery>): BoardTotal[] {
  const totals: BoardTotal[] = []
  const index: { [key: string]: BoardTotal } = {}
  for (const d of deliveries) {
    const key = d.plan + '\u0000' + d.grind + '\u0000' + d.roast
    let total = index[key]
    if (!total) {
      total = { plan: d.plan, grind: d.grind, roast: d.roast, bags: 0, deliveries: 0 }
      index[key] = total
      totals.push(total)
    }
    total.bags += bagsToRoast(d)
    total.deliveries += 1
  }
  return totals.sort(byProduct)
}

/** Where `item` goes in `sorted` (after its equals), by binary search. */
function insertionPoint<T>(sorted: ReadonlyArray<T>, item: T, compare: (a: T, b: T) => number): number {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if (compare(sorted[mid] as T, item) <= 0) low = mid + 1
    else high = mid
  }
  return low
}

/** `totals` with one delivery's bags added (sign 1) or taken away (sign -1); empty rows go. */
function adjustTotals(totals: ReadonlyArray<BoardTotal>, d: BoardDelivery, sign: 1 | -1): BoardTotal[] {
  const next = totals.map((t) => ({ plan: t.plan, grind: t.grind, roast: t.roast, bags: t.bags, deliveries: t.deliveries }))
  let row = next.filter((t) => byProduct(t, d) === 0)[0]
  if (!row) {
    row = { plan: d.plan, grind: d.grind, roast: d.roast, bags: 0, deliveries: 0 }
    next.splice(insertionPoint(next, row, byProduct), 0, row)
  }
  row.bags += sign * bagsToRoast(d)
  row.deliveries += sign
  return next.filter((t) => t.deliveries > 0)
}

/**
 * The board with `removed` taken off and `added` put on, in packing order. Boards stay sorted, so
 * a change costs one binary search and one copy, not a sort of the whole day (a busy day is
 * rewritten once per customer change).
 */
function replaced(board: Board, removed: BoardDelivery | undefined, added: BoardDelivery | undefined, nowIso: string): Board {
  const deliveries = removed ? board.deliveries.filter((d) => d.deliveryId !== removed.deliveryId) : board.deliveries.slice()
  let totals = removed ? adjustTotals(board.totals, removed, -1) : board.totals.slice()
  if (added) {
    deliveries.splice(insertionPoint(deliveries, added, byPacking), 0, added)
    totals = adjustTotals(totals, added, 1)
  }
  return { date: board.date, deliveries: deliveries, totals: totals, updatedAt: nowIso }
}

function find(board: Board, deliveryId: string): BoardDelivery | undefined {
  for (const d of board.deliveries) if (d.deliveryId === deliveryId) return d
  return undefined
}

function sameInput(a: BoardDeliveryInput, b: BoardDeliveryInput): boolean {
  return a.plan === b.plan && a.grind === b.grind && a.roast === b.roast && a.bags === b.bags && a.name === b.name && (a.coffee || '') === (b.coffee || '') &&
    (a.replacementFor || '') === (b.replacementFor || '') && extrasKey(a.extras) === extrasKey(b.extras) &&
    a.address.line1 === b.address.line1 && (a.address.line2 || '') === (b.address.line2 || '') && a.address.city === b.address.city &&
    a.address.postalCode === b.address.postalCode && a.address.country === b.address.country
}

function entryOf(deliveryId: string, input: BoardDeliveryInput): BoardDelivery {
  const address: BoardAddress = { line1: input.address.line1, city: input.address.city, postalCode: input.address.postalCode, country: input.address.country }
  if (input.address.line2) address.line2 = input.address.line2
  const entry: BoardDelivery = { deliveryId: deliveryId, plan: input.plan, grind: input.grind, roast: input.roast, bags: input.bags, name: input.name, address: address, status: 'scheduled' }
  if (input.coffee) entry.coffee = input.coffee
  if (input.extras && input.extras.length > 0) {
    entry.extras = input.extras.map(function (e) {
      const extra: BoardExtra = { itemId: e.itemId, name: e.name, quantity: e.quantity }
      if (e.bag) extra.bag = true
      return extra
    })
  }
  // A replacement is never charged: it may ship as it is.
  if (input.replacementFor) {
    entry.replacementFor = input.replacementFor
    entry.payment = 'free'
  }
  return entry
}

/** Puts a delivery on the board or updates it; a shipped one stays as it left. */
export function upsertDelivery(board: Board, deliveryId: string, input: BoardDeliveryInput, nowIso: string): { board: Board; outcome: UpsertOutcome } {
  const existing = find(board, deliveryId)
  if (existing && existing.status === 'shipped') return { board: board, outcome: 'shipped' }
  if (existing && sameInput(existing, input)) return { board: board, outcome: 'unchanged' }
  const entry = entryOf(deliveryId, input)
  if (existing) {
    // The money of a delivery stays with it when its customer changes what is on the board.
    if (existing.payment) entry.payment = existing.payment
    if (existing.amountCents !== undefined) entry.amountCents = existing.amountCents
    if (existing.receipt) entry.receipt = existing.receipt
    if (existing.refundedCents !== undefined) entry.refundedCents = existing.refundedCents
    if (existing.creditNotes) entry.creditNotes = existing.creditNotes
    if (existing.tracking) entry.tracking = existing.tracking
  }
  return { board: replaced(board, existing, entry, nowIso), outcome: existing ? 'changed' : 'added' }
}

/** Takes a delivery off the board (skipped, paused, cancelled, moved); a shipped one stays. */
export function removeDelivery(board: Board, deliveryId: string, nowIso: string): { board: Board; outcome: RemoveOutcome } {
  const existing = find(board, deliveryId)
  if (!existing) return { board: board, outcome: 'absent' }
  if (existing.status === 'shipped') return { board: board, outcome: 'shipped' }
  return { board: replaced(board, existing, undefined, nowIso), outcome: 'removed' }
}

/** Marks a delivery shipped at `nowIso`. */
export function shipDelivery(board: Board, deliveryId: string, nowIso: string): { board: Board; outcome: ShipOutcome } {
  const existing = find(board, deliveryId)
  if (!existing) return { board: board, outcome: 'absent' }
  if (existing.status === 'shipped') return { board: board, outcome: 'already-shipped' }
  const shipped: BoardDelivery = JSON.parse(JSON.stringify(existing)) as BoardDelivery
  shipped.status = 'shipped'
  shipped.shippedAt = nowIso
  return { board: replaced(board, existing, shipped, nowIso), outcome: 'shipped' }
}

/**
 * Records a parcel's carrier and tracking number (already checked: carriers.ts). Only before it is
 * shipped: the customer's "on its way" e-mail carries it, and that e-mail has gone once it shipped.
 */
export function setDeliveryTracking(board: Board, deliveryId: string, tracking: { carrier: string; number: string }, nowIso: string): { board: Board; outcome: 'changed' | 'unchanged' | 'absent' | 'shipped' } {
  const existing = find(board, deliveryId)
  if (!existing) return { board: board, outcome: 'absent' }
  if (existing.status === 'shipped') return { board: board, outcome: 'shipped' }
  if (existing.tracking && existing.tracking.carrier === tracking.carrier && existing.tracking.number === tracking.number) return { board: board, outcome: 'unchanged' }
  const deliveries = board.deliveries.map((d) => (d.deliveryId === deliveryId ? { ...d, tracking: { carrier: tracking.carrier, number: tracking.number } } : d))
  return { board: { date: board.date, deliveries: deliveries, totals: board.totals, updatedAt: nowIso }, outcome: 'changed' }
}

/**
 * Records a delivery's payment. A shipped delivery stays shipped, but its payment follows Stripe's
 * record too: a debit that fails after it left, or a dispute, shows on the board (and it can then
 * not be refunded from there).
 */
export function setDeliveryPayment(board: Board, deliveryId: string, payment: BoardPayment, nowIso: string): { board: Board; outcome: PaymentOutcome } {
  const existing = find(board, deliveryId)
  if (!existing) return { board: board, outcome: 'absent' }
  if (existing.payment === payment) return { board: board, outcome: 'unchanged' }
  const deliveries = board.deliveries.map((d) => (d.deliveryId === deliveryId ? { ...d, payment: payment } : d))
  return { board: { date: board.date, deliveries: deliveries, totals: board.totals, updatedAt: nowIso }, outcome: 'changed' }
}

/** The delivery with this id, if it is on the board. */
export function deliveryOn(board: Board, deliveryId: string): BoardDelivery | undefined {
  return find(board, deliveryId)
}
