/** Waiting one way: ready, out of time (with the last refused status), or the child died first. */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import { startChild } from './processes'
import { waitForHttp, waitUntil } from './wait'

const sink = new Writable({ write: (_chunk, _encoding, done) => done() })

test('waitUntil polls until the check passes', async () => {
  let calls = 0
  const outcome = await waitUntil(async () => ++calls === 3, { timeoutMs: 5000, intervalMs: 10 })
  expect(outcome).toEqual({ kind: 'ready' })
  expect(calls).toBe(3)
})

test('waitUntil gives up after its time, having checked at least once more at the end', async () => {
  let calls = 0
  const started = Date.now()
  const outcome = await waitUntil(async () => (calls++, false), { timeoutMs: 200, intervalMs: 20 })
  expect(outcome).toEqual({ kind: 'timeout' })
  expect(Date.now() - started).toBeGreaterThanOrEqual(200)
  expect(calls).toBeGreaterThan(1)
})

test('waitUntil stops at once, with the exit status, when the child that should answer exits', async () => {
  const child = startChild({ name: 'dies', command: process.execPath, args: ['-e', 'process.exit(3)'], stdout: sink, stderr: sink })
  const started = Date.now()
  const outcome = await waitUntil(async () => false, { timeoutMs: 30_000, intervalMs: 20, child })
  expect(outcome).toEqual({ kind: 'exited', status: 3 })
  expect(Date.now() - started).toBeLessThan(10_000)
})

describe('waitForHttp', () => {
  let server: http.Server
  let url: string
  let statuses: number[]
  beforeEach(async () => {
    statuses = []
    server = http.createServer((_req, res) => res.writeHead(statuses.shift() ?? 503).end())
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  })
  afterEach(() => new Promise((resolve) => server.close(resolve)))

  test('waits past refused statuses for one it accepts', async () => {
    statuses = [503, 503, 200]
    await expect(waitForHttp(url, { what: 'The app', timeoutMs: 5000, intervalMs: 10, accept: (s) => s === 200 })).resolves.toBeUndefined()
    expect(statuses).toEqual([])
  })

  test('on timeout says what did not answer, where, and the last status it refused', async () => {
    await expect(waitForHttp(url, { what: 'The app', timeoutMs: 300, intervalMs: 20, accept: (s) => s === 200 })).rejects.toThrow(
      `The app did not answer on ${url} within 0 s (last status 503).`,
    )
  })

  test('says so when the child exited before it answered', async () => {
    const child = startChild({ name: 'dies', command: process.execPath, args: ['-e', 'process.exit(2)'], stdout: sink, stderr: sink })
    await expect(waitForHttp('http://127.0.0.1:1/', { what: 'next start', timeoutMs: 30_000, intervalMs: 20, child })).rejects.toThrow(
      'next start exited before it answered on http://127.0.0.1:1/ (exit 2); see its log lines above.',
    )
  })
})
