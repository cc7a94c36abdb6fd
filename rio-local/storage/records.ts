/** The one selection rule of record queries (rdk queryDatabase, querySortedSet, listFiles) for both storages. */
import type { RecordQuery } from './types'

/** Byte order of UTF-8 strings, as DynamoDB sorts string sort keys (not JavaScript's UTF-16 order). */
export function compareKeys(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'))
}

/**
 * The records of a partition a query selects, in sort-key order (reversed with `reverse`), after
 * `after` in that order, at most `limit`.
 * @param rows every record of the partition, in any order
 */
export function selectRecords(rows: Array<{ sort: string; value: string }>, query: RecordQuery): Array<{ sort: string; value: string }> {
  const sign = query.reverse ? -1 : 1
  return rows
    .filter((r) =>
      (query.beginsWith === undefined || r.sort.startsWith(query.beginsWith)) &&
      (query.greaterOrEqual === undefined || compareKeys(r.sort, query.greaterOrEqual) >= 0) &&
      (query.lessOrEqual === undefined || compareKeys(r.sort, query.lessOrEqual) <= 0) &&
      (query.after === undefined || sign * compareKeys(r.sort, query.after) > 0))
    .sort((a, b) => sign * compareKeys(a.sort, b.sort))
    .slice(0, query.limit)
}
