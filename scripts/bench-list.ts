/**
 * `npm run bench:list`: what LIST costs a customer as the number of accounts grows. In this process,
 * on SQLite in a temp folder, no mirror: creates accounts in steps up to BENCH_LIST_ACCOUNTS (4,300)
 * and at each step times LIST for one signed-in customer (median and p95 of 200 calls through the
 * backend core). A customer only ever gets their own instances, so the time should not grow.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Backend } from '../rio-local/app'
import { call, sessions } from '../rio-local/test/in-process'
import { say, warn } from './lib/log'
import { createOneSourceBackend } from './lib/one-source'
import { percentile } from './lib/stats'

const P = 'bench-list'

async function createAccounts(backend: Backend, anon: string, from: number, to: number): Promise<void> {
  for (let i = from; i < to; i++) {
    const res = await call(backend, 'POST', `/${P}/INSTANCE/Account?_token=${anon}`, { email: `customer${i}@bench.example` })
    if (res.status !== 200) throw new Error(`INSTANCE answered ${res.status} for account ${i}`)
  }
}

async function timeList(backend: Backend, token: string, times = 200): Promise<{ median: number; p95: number; ids: number }> {
  const ms: number[] = []
  let ids = 0
  for (let i = 0; i < times; i++) {
    const started = process.hrtime.bigint()
    const res = await call<{ instanceIds: string[] }>(backend, 'POST', `/${P}/LIST/Account?_token=${token}`)
    ms.push(Number(process.hrtime.bigint() - started) / 1e6)
    ids = res.body.instanceIds.length
  }
  ms.sort((a, b) => a - b)
  return { median: percentile(ms, 50), p95: percentile(ms, 95), ids }
}

async function main(): Promise<void> {
  const total = Number(process.env.BENCH_LIST_ACCOUNTS ?? 4300)
  const dir = mkdtempSync(join(tmpdir(), 'bench-list-'))
  const backend = await createOneSourceBackend(P, dir)
  try {
    const anon = await sessions(backend).anonymous()
    const { token } = await sessions(backend).customer('listing@bench.example')
    let created = 1
    say(`bench:list: LIST of one customer's Accounts, SQLite, ${total} accounts at the end`)
    for (const step of [10, 100, 1000, total]) {
      if (step > total) continue
      await createAccounts(backend, anon, created, step)
      created = Math.max(created, step)
      const { median, p95, ids } = await timeList(backend, token)
      say(`  ${String(step).padStart(5)} accounts: LIST median ${median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (answers ${ids} id)`)
    }
  } finally {
    await backend.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  warn(`npm run bench:list: ${error instanceof Error ? error.stack : String(error)}`)
  process.exit(1)
})
