/**
 * The local SMTP receiver runs in a worker thread that must never keep a process alive on its own:
 * a runtime, script or test run that is done exits with the receiver still listening.
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'

const ROOT = join(__dirname, '..', '..')

/** What a program run under tsx did: its output, how it ended, and when its first output and its end came. */
interface ProgramRun {
  output: string
  outcome: number | null | 'still running'
  firstOutputAt: number
  endedAt: number
}

/** Runs `lines` as a program under tsx and waits up to 10 s for it to exit on its own. */
async function runProgram(lines: string[]): Promise<ProgramRun> {
  const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['--eval', lines.join('\n')], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  let output = ''
  let firstOutputAt = 0
  child.stdout.on('data', (chunk: Buffer) => {
    firstOutputAt ||= performance.now()
    output += chunk.toString()
  })
  child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString() })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const stillRunning = new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 10_000).unref())
  const outcome = await Promise.race([exited, stillRunning])
  const endedAt = performance.now()
  // tsx runs the program in a child of its own: the whole group goes.
  if (outcome === 'still running' && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL')
  return { output, outcome, firstOutputAt, endedAt }
}

test('a process whose only open thing is the SMTP receiver exits on its own', async () => {
  // Nothing else holds the process: waiting for the receiver keeps it alive until it listens (a
  // runtime starting must not exit meanwhile), then nothing does.
  const run = await runProgram([
    "import { startSmtpReceiver } from './rio-local/mail/smtp-receiver'",
    "void startSmtpReceiver({ onMail: () => undefined }).then((receiver) => { console.log('listening ' + receiver.url) })",
  ])
  expect(run.output).toMatch(/^listening smtp:\/\/127\.0\.0\.1:\d+$/m)
  expect(run.outcome).toBe(0)
}, 30_000)

test('the receiver greets without smtp-server’s 100 ms wait (class code opens a connection per message)', async () => {
  // smtp-server holds every greeting at least 100 ms (a timer, so never less, however fast the
  // machine). The fastest of ten greetings shows whether that wait is gone, however loaded the
  // machine is for the others.
  const { startSmtpReceiver } = await import('./smtp-receiver')
  const { connect } = await import('node:net')
  const receiver = await startSmtpReceiver({ onMail: () => undefined })
  try {
    const url = new URL(receiver.url)
    const waits: number[] = []
    for (let i = 0; i < 10; i++) {
      waits.push(await new Promise<number>((resolve, reject) => {
        // From before the connection is asked for: never less than the server's own wait.
        const connectedAt = performance.now()
        const socket = connect(Number(url.port), url.hostname)
        socket.once('data', (chunk: Buffer) => {
          const waited = performance.now() - connectedAt
          socket.end('QUIT\r\n')
          if (chunk.toString().startsWith('220 ')) resolve(waited)
          else reject(new Error(`no greeting: ${chunk.toString()}`))
        })
        socket.on('error', reject)
      }))
    }
    expect(Math.min(...waits)).toBeLessThan(100)
  } finally {
    await receiver.close()
  }
})

test('ten messages, a connection each, all arrive in order', async () => {
  const { startSmtpReceiver } = await import('./smtp-receiver')
  const nodemailer = (await import('nodemailer')).default
  const received: string[] = []
  const receiver = await startSmtpReceiver({ onMail: (mail) => received.push(mail.subject) })
  try {
    // A connection per message, as class code sends (retter/dependencies/BeanBloomMail/smtp.ts).
    for (let i = 0; i < 10; i++) {
      const transport = nodemailer.createTransport(receiver.url)
      await transport.sendMail({ from: 'shop@example.com', to: 'ann@example.com', subject: `message ${i}`, text: 'hello' })
      transport.close()
    }
    expect(received).toEqual(Array.from({ length: 10 }, (_, i) => `message ${i}`))
  } finally {
    await receiver.close()
  }
})

/** True when something accepts a connection at `url` (an SMTP receiver's). */
async function listening(url: string): Promise<boolean> {
  const { connect } = await import('node:net')
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname)
    socket.once('connect', () => { socket.destroy(); resolve(true) })
    socket.once('error', () => resolve(false))
  })
}

async function send(url: string, subject: string): Promise<void> {
  const nodemailer = (await import('nodemailer')).default
  const transport = nodemailer.createTransport(url)
  try {
    await transport.sendMail({ from: 'shop@example.com', to: 'ann@example.com', subject, text: 'hello' })
  } finally {
    transport.close()
  }
}

test('runtimes one after another share one receiver, each receiving its own mail, and it closes once idle', async () => {
  const { attachOutbox, SHARED_IDLE_MS } = await import('./smtp-receiver')
  const first: string[] = []
  const second: string[] = []
  const a = await attachOutbox((mail) => first.push(mail.subject))
  await send(a.url, 'to the first')
  await a.detach()
  // The next runtime (the next test's) comes within the moment and gets the same receiver.
  const b = await attachOutbox((mail) => second.push(mail.subject))
  expect(b.url).toBe(a.url)
  await send(b.url, 'to the second')
  expect(first).toEqual(['to the first'])
  expect(second).toEqual(['to the second'])
  await b.detach()
  expect(await listening(b.url)).toBe(true)
  // No runtime for longer than the moment: the receiver and its thread are gone.
  await new Promise((resolve) => setTimeout(resolve, SHARED_IDLE_MS + 500))
  expect(await listening(b.url)).toBe(false)
  // And the next runtime starts a new one.
  const c = await attachOutbox(() => undefined)
  try {
    expect(await listening(c.url)).toBe(true)
  } finally {
    await c.detach()
  }
})

test('runtimes open at once share the receiver; mail goes to the newest, and a second detach takes nothing from another', async () => {
  const { attachOutbox } = await import('./smtp-receiver')
  const received: string[] = []
  // Two runtimes filing into the same place: the same function, twice on the list.
  const file = (mail: { subject: string }) => { received.push(mail.subject) }
  const a = await attachOutbox(file)
  const b = await attachOutbox(file)
  try {
    expect(b.url).toBe(a.url)
    await b.detach()
    await b.detach()
    // The first runtime's place is still there: its mail arrives.
    await send(a.url, 'after the newer closed twice')
    expect(received).toEqual(['after the newer closed twice'])
  } finally {
    await a.detach()
  }
})

test('a process whose last runtime has closed exits at once, without waiting out the receiver\'s idle second', async () => {
  const run = await runProgram([
    "import { attachOutbox } from './rio-local/mail/smtp-receiver'",
    "void attachOutbox(() => undefined).then((outbox) => outbox.detach()).then(() => { console.log('detached') })",
  ])
  expect(run.output).toMatch(/^detached$/m)
  expect(run.outcome).toBe(0)
  // The idle timer is unref'd: the process does not wait the second for it.
  const { SHARED_IDLE_MS } = await import('./smtp-receiver')
  expect(run.endedAt - run.firstOutputAt).toBeLessThan(SHARED_IDLE_MS)
}, 30_000)
