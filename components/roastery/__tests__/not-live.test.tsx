/**
 * A day laid out over shards on /roastery (staff, against the in-process backend with msw): the page
 * puts the day's document and its shards' together, and when a shard's live document could not be
 * written (it shows an older revision than the day's document names) it says the board is not live
 * instead of showing part of the packing list as if it were all; once the shard catches up, the
 * notice goes. The same when the day's own document is behind the revision the day answers (its
 * write failed: nothing in the live documents disagrees). The backend's side (a failed mirror write leaves the documents disagreeing):
 * retter/classes/Roastery/shards.test.ts.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { NOT_LIVE_AFTER_MS } from '@/contexts/RoasteryContext'
import { formatDeliveryDay } from '@/lib/format/date'
import { REVISION_CHECK_FIRST_MS } from '@/lib/roastery/roastery-api'
import { emptyBoard, emptyLayout, layOut, upsertDelivery, type Board, type ShardDocument } from '@/lib/roastery/board'
import { dayIso, deliveryDays } from '@/lib/roastery/days'
import { signInThroughPage } from '@/test/app-harness'
import { emitSnapshot } from '@/test/live-state-double'

jest.setTimeout(20_000)

const STAFF = 'rosa@example.com'
const LOAD = { timeout: 5000 }
const NAMES = ['Aiko Sato', 'Bruno Costa', 'Chen Wei']

beforeEach(() => {
  process.env.STAFF_EMAILS = STAFF
  // Time runs as usual, and the page's waits (the revision check, the grace before "not live") are
  // jumped over rather than waited out.
  jest.useFakeTimers({ advanceTimers: true, doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] })
})
afterEach(() => {
  delete process.env.STAFF_EMAILS
  jest.useRealTimers()
})

/** Jumps the page's clock `ms` on, running the timers that fall due. */
async function jump(ms: number): Promise<void> {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms)
  })
}

/** A day's board of three deliveries laid out one per part (a budget of one byte), as the Roastery lays it out. */
function shardedDay(date: string) {
  let board: Board = emptyBoard(date)
  NAMES.forEach((name, i) => {
    const input = { plan: 'barista', grind: 'espresso', roast: 'dark', bags: 1, name, address: { line1: `Street ${i + 1}`, city: 'Berlin', postalCode: '10119', country: 'DE' } }
    board = upsertDelivery(board, `acct_${String(i).padStart(24, '0')}:${date}`, input, '2026-11-27T09:00:00.000Z').board
  })
  return layOut({ board: emptyBoard(date), layout: emptyLayout() }, board, 1)
}

/** Staff on /roastery, the delivery day at `index` shown empty: the day, its name and its region. */
async function emptyDayOnBoard(index: number) {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime })
  await signInThroughPage(user, STAFF, { next: '/roastery', landing: '/roastery' })
  const date = deliveryDays(Date.now())[index] as string
  const dayName = formatDeliveryDay(dayIso(date))
  const region = await screen.findByRole('region', { name: new RegExp(dayName) }, LOAD)
  expect(await within(region).findByText('No deliveries.', {}, LOAD)).toBeInTheDocument()
  return { date, dayName, region }
}

test('a shard that shows an older revision than its day names: “This board is not live”, until it catches up', async () => {
  const { date, dayName, region } = await emptyDayOnBoard(3)

  const { head, changed } = shardedDay(date)
  expect(head.shards.map((s) => s.id)).toEqual([`${date}_1`, `${date}_2`])
  const [first, second] = changed as [ShardDocument, ShardDocument]
  act(() => emitSnapshot(date, head as unknown as Record<string, unknown>, 'role'))
  // The page opens the shards the day's document lists; the first shows its part, the second's
  // write failed: its document still shows an older revision.
  await waitFor(() => {
    act(() => {
      emitSnapshot(first.shard, first as unknown as Record<string, unknown>, 'role')
      emitSnapshot(second.shard, { ...second, rev: second.rev - 1, deliveries: [] } as unknown as Record<string, unknown>, 'role')
    })
    expect(within(region).getByText(NAMES[1] as string, { exact: false })).toBeInTheDocument()
  }, LOAD)
  expect(within(region).getByText(NAMES[0] as string, { exact: false })).toBeInTheDocument()
  expect(within(region).queryByText(NAMES[2] as string, { exact: false })).not.toBeInTheDocument()

  // A moment behind is not yet "not live": the page gives a write its grace first.
  expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  await jump(NOT_LIVE_AFTER_MS + 1000)
  const alert = await screen.findByRole('alert', {}, LOAD)
  expect(alert).toHaveTextContent(`This board is not live: ${dayName}.`)
  expect(alert).toHaveTextContent('Reload the page')
  // The toolbar's "Live" badge goes while a board is not.
  expect(screen.queryByText('Live')).not.toBeInTheDocument()

  // The write goes through: every delivery shows and the notice goes.
  act(() => emitSnapshot(second.shard, second as unknown as Record<string, unknown>, 'role'))
  expect(await within(region).findByText(NAMES[2] as string, { exact: false }, LOAD)).toBeInTheDocument()
  await waitFor(() => expect(screen.queryByText(/is not live/)).not.toBeInTheDocument(), LOAD)
  expect(screen.getByText('Live')).toBeInTheDocument()
})

test('a day’s own document behind the revision the day answers: “This board is not live”, until it catches up', async () => {
  const { date, dayName } = await emptyDayOnBoard(4)
  // The document still shows a revision from before the day was opened: a later write of it failed.
  act(() => emitSnapshot(date, { date, deliveries: [], totals: [], updatedAt: null, rev: 0, count: 0, shards: [] }, 'role'))
  await jump(REVISION_CHECK_FIRST_MS + 1000)
  await jump(NOT_LIVE_AFTER_MS + 1000)
  const alert = await screen.findByRole('alert', {}, LOAD)
  expect(alert).toHaveTextContent(`This board is not live: ${dayName}.`)
  // The write goes through.
  act(() => emitSnapshot(date, { date, deliveries: [], totals: [], updatedAt: null, rev: 99, count: 0, shards: [] }, 'role'))
  await waitFor(() => expect(screen.queryByText(/is not live/)).not.toBeInTheDocument(), LOAD)
})
