/**
 * `npm run backend` as a child process, as a developer runs it: it listens on loopback only, prints
 * sign-in codes to the terminal only in dev mode (RIO_LOCAL_DEV=1); on the shop (`npm run backend`,
 * scripts/backend.ts) it starts without any Stripe setting and refuses a real Stripe without its
 * webhook secret.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { connect } from 'node:net'
import { networkInterfaces } from 'node:os'
import { join } from 'node:path'

const ROOT = join(__dirname, '../..')
const P = 'main-tests'

interface Running {
  child: ChildProcess
  origin: string
  output(): string
}

function start(env: Record<string, string>): Promise<Running> {
  const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['rio-local/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, RIO_LOCAL_PORT: '0', RIO_LOCAL_STORAGE: 'memory', RIO_LOCAL_LIVE_STATE: '0', RIO_LOCAL_PROJECT_ID: P, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()))
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the backend did not start:\n${out}`)), 30_000)
    const check = () => {
      const url = /"msg":"local backend listening","url":"(http:\/\/[^"]+)"/.exec(out)?.[1]
      if (url) {
        clearTimeout(timer)
        resolve({ child, origin: url, output: () => out })
      }
    }
    child.stdout?.on('data', check)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the backend exited (${String(code)}):\n${out}`))
    })
  })
}

async function stop(running: Running): Promise<void> {
  if (running.child.exitCode !== null) return
  const exited = new Promise((resolve) => running.child.once('exit', resolve))
  running.child.kill('SIGTERM')
  await exited
}

async function requestCode(origin: string, email: string): Promise<void> {
  const anon = (await (await fetch(`${origin}/root/INSTANCE/ProjectUser?projectId=${P}`)).json()) as { response: { accessToken: string } }
  const token = anon.response.accessToken
  const inst = (await (await fetch(`${origin}/${P}/INSTANCE/Account?_token=${token}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) })).json()) as {
    instanceId: string
  }
  const sent = await fetch(`${origin}/${P}/CALL/Account/sendOtp/${inst.instanceId}?_token=${token}`, { method: 'POST' })
  expect(sent.status).toBe(200)
}

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

test('listens on 127.0.0.1 only: no other address of this machine accepts connections', async () => {
  const running = await start({ RIO_LOCAL_DEV: '0' })
  try {
    const { hostname, port } = new URL(running.origin)
    expect(hostname).toBe('127.0.0.1')
    expect(await accepts('127.0.0.1', Number(port))).toBe(true)
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((a) => a !== undefined && !a.internal && a.family === 'IPv4')
      .map((a) => (a as { address: string }).address)
    // Machines without a network interface have nothing else to try; the bound address above holds.
    for (const address of others) expect([address, await accepts(address, Number(port))]).toEqual([address, false])
  } finally {
    await stop(running)
  }
}, 60_000)

test('codes and the inbox link reach the terminal only in dev mode', async () => {
  const quiet = await start({ RIO_LOCAL_DEV: '0' })
  try {
    await requestCode(quiet.origin, 'quiet@example.com')
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(quiet.output()).not.toMatch(/\b\d{6}\b.*quiet@example\.com|code \d{6}/)
    expect(quiet.output()).not.toContain('/__dev/inbox')
  } finally {
    await stop(quiet)
  }
  const inboxKey = 'main-test-inbox-key-0123456789-abcdef'
  const devMode = await start({ RIO_LOCAL_DEV: '1', RIO_LOCAL_INBOX_KEY: inboxKey })
  try {
    await requestCode(devMode.origin, 'dev@example.com')
    const outbox = (await (await fetch(`${devMode.origin}/__dev/outbox?to=dev%40example.com`, { headers: { 'x-rio-dev': '1' } })).json()) as Array<{ code: string }>
    const code = outbox[0]?.code as string
    for (let i = 0; i < 20 && !devMode.output().includes(code); i++) await new Promise((resolve) => setTimeout(resolve, 100))
    expect(devMode.output()).toContain(`outbox: code ${code} for dev@example.com`)
    const inboxUrl = `${devMode.origin}/__dev/inbox?key=${inboxKey}`
    expect(devMode.output()).toContain(`"url":"${inboxUrl}"`)
    const page = await fetch(inboxUrl)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(code)
  } finally {
    await stop(devMode)
  }
}, 90_000)

/** `npm run backend` (scripts/backend.ts: the shop's checks, then this runtime) until it listens or exits. */
function runShopBackend(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['scripts/backend.ts'], {
    cwd: ROOT,
    env: { ...process.env, RIO_LOCAL_PORT: '0', RIO_LOCAL_STORAGE: 'memory', RIO_LOCAL_LIVE_STATE: '0', RIO_LOCAL_PROJECT_ID: P, STRIPE_API_URL: '', STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()))
  return new Promise((resolve) => {
    const listening = setInterval(() => {
      if (out.includes('local backend listening')) child.kill('SIGTERM')
    }, 50)
    child.once('exit', (code) => {
      clearInterval(listening)
      resolve({ code, out })
    })
  })
}

test('`npm run backend` on the shop with no Stripe setting starts (the runtime checks no project setting)', async () => {
  const { out } = await runShopBackend({})
  expect(out).toContain('local backend listening')
  expect(out).not.toMatch(/Invalid backend configuration/)
}, 60_000)

test('`npm run backend` against a real Stripe without STRIPE_WEBHOOK_SECRET refuses to start, naming it', async () => {
  const { code, out } = await runShopBackend({ STRIPE_SECRET_KEY: 'sk_test_51HxRealAccount' })
  expect(code).toBe(2)
  expect(out).toMatch(/STRIPE_WEBHOOK_SECRET is not set: against a real Stripe/)
  expect(out).not.toContain('local backend listening')
}, 60_000)
