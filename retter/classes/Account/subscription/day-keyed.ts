/**
 * What a customer keeps per delivery day (the coffee chosen for it, its extras) follows the
 * delivery when it moves: one rule for every such map, so nothing is left on a day that no longer
 * has a delivery.
 */

/** `byDay` with the entry of `from` on `to` (both ISO days or instants); an entry left on `to` gives way (it had no delivery). */
export function followMove<T>(byDay: { [day: string]: T } | undefined, from: string, to: string): { [day: string]: T } | undefined {
  return followMoves(byDay, [{ from: from, to: to }])
}

/** `byDay` with each entry on the day its delivery moved to (`moves`, ISO days or instants). */
export function followMoves<T>(byDay: { [day: string]: T } | undefined, moves: ReadonlyArray<{ from: string; to: string }>): { [day: string]: T } | undefined {
  if (!byDay) return undefined
  const out: { [day: string]: T } = {}
  // Days that are not moved keep their entry, unless a moved delivery lands on them (it brings its own).
  const landing = moves.map(function (m) { return m.to.slice(0, 10) })
  const leaving = moves.map(function (m) { return m.from.slice(0, 10) })
  for (const day in byDay) {
    const at = leaving.indexOf(day)
    if (at >= 0) out[landing[at] as string] = byDay[day] as T
    else if (landing.indexOf(day) < 0 && !(day in out)) out[day] = byDay[day] as T
  }
  return out
}
