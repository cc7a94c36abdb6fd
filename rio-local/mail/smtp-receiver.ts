/**
 * The local stand-in for an SMTP provider: a receiver on loopback (smtp-server) that parses each
 * message (mailparser) and hands it to the runtime, which files it in the dev outbox. Class code
 * sends to it exactly as it sends to a real provider in production: nodemailer over SMTP_URL.
 * The server runs in a worker thread (smtp-worker.js).
 */
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'

export interface ReceivedMail {
  to: string[]
  subject: string
  text: string
}

export interface SmtpReceiver {
  /** `smtp://127.0.0.1:<port>`, the SMTP_URL class code sends to. */
  url: string
  close(): Promise<void>
}

/** A message is a sign-in code e-mail at most; anything bigger is refused. */
const MAX_MESSAGE_BYTES = 256 * 1024

type FromWorker =
  | { type: 'ready'; port: number }
  | { type: 'error'; message: string }
  | { type: 'mail'; id: number; mail: ReceivedMail }
  | { type: 'closed' }

/**
 * Listens on 127.0.0.1:`port` (0: any free port) and calls `onMail` for every accepted message
 * before acknowledging it, so a sender's `sendMail` resolves only once the outbox has it.
 */
export function startSmtpReceiver(options: { port?: number; onMail(mail: ReceivedMail): void }): Promise<SmtpReceiver> {
  const worker = new Worker(join(__dirname, 'smtp-worker.js'), { workerData: { port: options.port ?? 0, maxMessageBytes: MAX_MESSAGE_BYTES } })
  // A developer's outbox must never keep a process (or a test run) alive on its own.
  worker.unref()
  let closed: Promise<void> | null = null
  return new Promise((resolve, reject) => {
    worker.on('error', reject)
    worker.on('message', (msg: FromWorker) => {
      if (msg.type === 'ready') {
        resolve({
          url: `smtp://127.0.0.1:${msg.port}`,
          close() {
            closed ??= new Promise<void>((done) => {
              worker.once('exit', () => done())
              worker.postMessage({ type: 'close' })
            })
            return closed
          },
        })
      } else if (msg.type === 'error') {
        reject(new Error(`The SMTP receiver failed: ${msg.message}`))
        void worker.terminate()
      } else if (msg.type === 'mail') {
        let error: string | undefined
        try {
          options.onMail(msg.mail)
        } catch (err) {
          error = err instanceof Error ? err.message : String(err)
        }
        worker.postMessage({ type: 'filed', id: msg.id, error })
      } else if (msg.type === 'closed') {
        void worker.terminate()
      }
    })
  })
}
