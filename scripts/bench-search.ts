/**
 * `npm run bench:search`: how fast support finds a customer (the Shop's `findCustomers`, which asks
 * the sixteen shards of the customer directory at once) at 1,000 and at 10,000 customers, on the
 * local runtime with SQLite storage as `npm run backend` runs it, driven in-process (no sockets).
 *
 * For each size: the directory's shards are seeded in storage with that many entries (the Account
 * class's own `entryOf`: a name, a postal code and a year of receipts each), an owner signs in, and
 * each kind of query (an exact e-mail, a name, a postal code, a receipt number, a delivery id, one
 * finding nothing) runs BENCH_SEARCHES (30) times after one warm-up. Prints the median and p95 of
 * each kind, and the largest shard's size. The target: p95 ≤ 300 ms at 10,000 customers.
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
const FIRST = ['Anna', 'Jonas', 'Lea', 'Mila', 'Noah', 'Emma', 'Lucas', 'Sofia', 'Daan', 'Chloé', 'Matteo', 'Lucía']
const LAST = ['Müller', 'de Vries', 'Rossi', 'García', 'Martin', 'Schmidt', 'Jansen', 'Bianchi', 'López', 'Bernard', 'Weber', 'Peeters']

/** The directory entry of seeded customer `i`, as the Account class makes it. */
function seededEntry(i: number): DirectoryEntry {
  const email = `customer${i}@bench.example`
  const payments = Array.from({ length: 52 }, (_, week) => ({ receipt: { number: `R-${String(i * 52 + week + 1).padStart(6, '0')}` } }))
  const entry = entryOf(`acct${i.toString(16).padStart(8, '0')}`, {
    email, memberSince: '2026-01-01T00:00:00Z', status: 'active', plan: 'barista',
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
