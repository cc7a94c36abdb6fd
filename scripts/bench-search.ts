/**
 * `npm run bench:search`: how fast support finds a customer (the Shop's `findCustomers`, which asks
 * the sixteen shards of the customer directory at once), and finance reads a month's report (the
 * Shop's `getReport`, the shards' parts added), at 1,000 and at 10,000 customers, on the
 * local runtime with SQLite storage as `npm run backend` runs it, driven in-process (no sockets).
 *
 * For each size: the directory's shards are seeded in storage with that many entries (the Account
 * class's own `entryOf`: a name, a postal code and a year of receipts each), an owner signs in, and
 * each kind of query (an exact e-mail, a name, a postal code, a receipt number, a delivery id, one
 * finding nothing) runs BENCH_SEARCHES (30) times after one warm-up, and the month's report
 * BENCH_REPORTS (10) times. Prints the median and p95 of each, and the largest shard's size. The
 * targets at 10,000 customers: a search within 300 ms, a report within 1 s.
 * Not part of `npm test`.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createBackend } from '../rio-local/app'
import { createSqliteStorage } from '../rio-local/storage/sqlite'
import { call, sessions } from '../rio-local/test/in-process'
import { directoryShardOf, directoryShards, entryOf, type DirectoryEntry } from '@retter-shared/BeanBloomSubscription/directory'
import { percentile } from './lib/stats'
import { say } from './lib/log'
import { shopDefaults } from './lib/shop-env'

const P = 'bench-search'
const OWNER = 'owner@bench.example'
const SIZES = (process.env.BENCH_SIZES ?? '1000,10000').split(',').map(Number)
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 30)
const REPORTS = Number(process.env.BENCH_REPORTS ?? 10)
const FIRST = ['Anna', 'Jonas', 'Lea', 'Mila', 'Noah', 'Emma', 'Lucas', 'Sofia', 'Daan', 'Chloé', 'Matteo', 'Lucía']
const LAST = ['Müller', 'de Vries', 'Rossi', 'García', 'Martin', 'Schmidt', 'Jansen', 'Bianchi', 'López', 'Bernard', 'Weber', 'Peeters']

/** The directory entry of seeded customer `i`, as the Account class makes it. */
function seededEntry(i: number): DirectoryEntry {
  const email = `customer${i}@bench.example`
  // A year of weekly deliveries, each paid, with its receipt.
  const payments = Array.from({ length: 52 }, (_, week) => {
    const paidAt = new Date(Date.UTC(2025, 11, 1) + week * 7 * 86_400_000).toISOString()
    return { date: paidAt.slice(0, 10), status: 'paid', amountCents: 2000, paidAt, receipt: { number: `R-${String(i * 52 + week + 1).padStart(6, '0')}` } }
  })
  // Started over the year; one in seven cancelled since, one in eleven paused.
  const started = new Date(Date.UTC(2025, 11, 1) + (i % 330) * 86_400_000).toISOString()
  const timeline = [{ at: started, what: 'started', actor: 'customer', plan: 'barista' }]
  if (i % 7 === 0) timeline.push({ at: new Date(Date.parse(started) + 20 * 86_400_000).toISOString(), what: 'cancelled', actor: 'customer', plan: 'barista', reason: 'Too much coffee' } as never)
  if (i % 11 === 0) timeline.push({ at: new Date(Date.parse(started) + 10 * 86_400_000).toISOString(), what: 'paused', actor: 'customer', plan: 'barista', weeks: 4 } as never)
  const entry = entryOf(`acct${i.toString(16).padStart(8, '0')}`, {
    email, memberSince: '2026-01-01T00:00:00Z', status: 'active', plan: 'barista', timeline: timeline as never,
    delivery: { name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`, line1: 'Hauptstraße 1', city: 'Berlin', postalCode: String(10000 + (i % 9000)), country: 'DE' },
    payments: payments as never,
  })
  if (!entry) throw new Error('no entry')
  return entry
}

async function measure(count: number): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-search-'))
  try {
    const storage = createSqliteStorage(dir)
    const shards: { [id: string]: { [accountId: string]: DirectoryEntry } } = {}
    for (const id of directoryShards()) shards[id] = {}
    for (let i = 0; i < count; i++) {
      const entry = seededEntry(i)
      ;(shards[directoryShardOf(entry.accountId)] as Record<string, DirectoryEntry>)[entry.accountId] = entry
    }
    let largest = 0
    for (const [instanceId, entries] of Object.entries(shards)) {
      largest = Math.max(largest, Buffer.byteLength(JSON.stringify(entries)))
      const now = Date.now()
      storage.commit({ instance: { projectId: P, classId: 'Directory', instanceId, state: { public: {}, private: { entries }, user: {}, role: {} }, createdAt: now, updatedAt: now } })
    }
    storage.close()

    const backend = await createBackend({ projectId: P, storage: { dir }, dev: true, projectEnv: { ...shopDefaults({}), STAFF_EMAILS: OWNER } })
    try {
      const owner = await sessions(backend).customer(OWNER)
      await call(backend, 'POST', `/${P}/INSTANCE/Shop/main?_token=${owner.token}`)
      const probe = seededEntry(Math.floor(count / 2))
      const queries: Array<[string, string]> = [
        ['exact e-mail', probe.email],
        ['name', probe.name.split(' ')[1] as string],
        ['postal code', probe.postalCode],
        ['receipt number', probe.documents.split(' ')[10] as string],
        ['delivery id', `${probe.accountId}:2026-12-02`],
        ['nothing found', 'nobody-is-called-this'],
      ]
      say(`${count.toLocaleString('en')} customers (largest shard ${Math.round(largest / 1024)} KB):`)
      for (const [kind, query] of queries) {
        const times: number[] = []
        let hits = 0
        for (let run = 0; run <= SEARCHES; run++) {
          const started = performance.now()
          const answer = await call<{ customers: unknown[] }>(backend, 'POST', `/${P}/CALL/Shop/findCustomers/main?_token=${owner.token}`, { query })
          const ms = performance.now() - started
          if (answer.status !== 200) throw new Error(`${kind}: ${answer.status} ${JSON.stringify(answer.body)}`)
          hits = answer.body.customers.length
          if (run > 0) times.push(ms)
        }
        times.sort((a, b) => a - b)
        say(`  ${kind.padEnd(15)} median ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms   (${hits} found)`)
      }
      // The month's report, as finance opens it (the owner may read it too).
      const month = new Date().toISOString().slice(0, 7)
      const times: number[] = []
      let active = 0
      for (let run = 0; run <= REPORTS; run++) {
        const started = performance.now()
        const answer = await call<{ activeSubscriptions: number }>(backend, 'POST', `/${P}/CALL/Shop/getReport/main?_token=${owner.token}`, { month })
        const ms = performance.now() - started
        if (answer.status !== 200) throw new Error(`report: ${answer.status} ${JSON.stringify(answer.body)}`)
        active = answer.body.activeSubscriptions
        if (run > 0) times.push(ms)
      }
      times.sort((a, b) => a - b)
      say(`  ${'month report'.padEnd(15)} median ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms   (${active} active)`)
    } finally {
      await backend.close()
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  const one = process.env.BENCH_SIZE
  if (one) return measure(Number(one))
  // Each size in a process of its own, so each starts from the same place (a second runtime opened
  // in one process after the first closed did not come up here).
  for (const size of SIZES) {
    const child = spawnSync(process.execPath, [...process.execArgv, process.argv[1] as string], { env: { ...process.env, BENCH_SIZE: String(size) }, stdio: 'inherit' })
    if (child.status !== 0) throw new Error(`the run at ${size} customers failed (${child.status ?? child.signal})`)
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
