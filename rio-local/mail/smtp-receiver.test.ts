/**
 * The local SMTP receiver runs in a worker thread that must never keep a process alive on its own:
 * a runtime, script or test run that is done exits with the receiver still listening.
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'

const ROOT = join(__dirname, '..', '..')

test('a process whose only open thing is the SMTP receiver exits on its own', async () => {
  // Nothing else holds the process: waiting for the receiver keeps it alive until it listens (a
  // runtime starting must not exit meanwhile), then nothing does.
  const program = [
    "import { startSmtpReceiver } from './rio-local/mail/smtp-receiver'",
    "void startSmtpReceiver({ onMail: () => undefined }).then((receiver) => { console.log('listening ' + receiver.url) })",
  ].join('\n')
  const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['--eval', program], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString() })
  child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString() })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const stillRunning = new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 10_000).unref())
  const outcome = await Promise.race([exited, stillRunning])
  // tsx runs the program in a child of its own: the whole group goes.
  if (outcome === 'still running' && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL')
  expect(output).toMatch(/^listening smtp:\/\/127\.0\.0\.1:\d+$/m)
  expect(outcome).toBe(0)
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
