/**
 * Where a Roastery instance keeps its day: the board lives in the role state of the `staff`
 * identity and nowhere else (public and user state stay empty: public state is readable by every
 * session of the project, and a board carries customers' names and addresses).
 */
import { Data } from '@retter/rdk'
import { Board, emptyBoard } from 'BeanBloomBoard'
import { STAFF_IDENTITY } from 'BeanBloomIdentity'

/** The class whose calls put deliveries on boards and record shipments. */
export const ACCOUNT_CLASS = 'Account'

/** The day of this instance (its id, `YYYY-MM-DD`). */
export function dateOf(data: Data): string {
  return data.context.instanceId || ''
}

/** The board of this instance (set by init). */
export function boardOf(data: Data): Board {
  const role = data.state.role as { [identity: string]: Board } | undefined
  const board = role ? role[STAFF_IDENTITY] : undefined
  return board || emptyBoard(dateOf(data))
}

/** Stores the board where staff read it, and only there. */
export function storeBoard(data: Data, board: Board): void {
  if (!data.state.role) data.state.role = {}
  ;(data.state.role as { [identity: string]: Board })[STAFF_IDENTITY] = board
}
