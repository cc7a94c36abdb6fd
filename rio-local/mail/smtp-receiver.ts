/**
 * The local stand-in for an SMTP provider: a receiver on loopback (smtp-server) that parses each
 * message (mailparser) and hands it to the runtime, which files it in the dev outbox. Class code
 * sends to it exactly as it sends to a real provider in production: nodemailer over SMTP_URL.
 * The server runs in a worker thread (smtp-worker.js).
 */
import { join } from 'node:path'
// Node's own timers: a test's fake timers or jsdom's, which go with its environment, must not hold
// or drop the shared receiver's closing.
import { clearTimeout, setTimeout } from 'node:timers'
import { Worker } from 'node:worker_threads'

export interface ReceivedMail {
  to: string[]
  subject: string
  text: string
  /** The HTML part, when the message has one. */
  html?: string
  /** Files attached to the message (a receipt's PDF), when it has any. */
  attachments?: MailAttachmentReceived[]
}

/** A file attached to a received message: its name, type and bytes as base64. */
export interface MailAttachmentReceived {
  filename: string
  contentType: string
  contentBase64: string
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
  let closed: Promise<void> | null = null
  return new Promise((resolve, reject) => {
    worker.on('error', reject)
    worker.on('message', (msg: FromWorker) => {
      if (msg.type === 'ready') {
        // Listening: from now on a developer's outbox never keeps a process (or a test run) alive
        // on its own. Not before: a process waiting for it to listen must not exit meanwhile. And
        // after the listeners, since adding a 'message' listener refs a Worker again.
        worker.unref()
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

interface Shared {
  receiver: Promise<SmtpReceiver>
  /** Open runtimes' outboxes; mail goes to the newest (the one whose SMTP_URL is in process.env). */
  sinks: Array<(mail: ReceivedMail) => void>
  /** Closes the receiver once no runtime has used it for SHARED_IDLE_MS; cleared by the next runtime. */
  idle: ReturnType<typeof setTimeout> | null
}

/**
 * How long the shared receiver outlives its last runtime. Starting its thread costs about 0.15 s of
 * CPU (smtp-server and mailparser load in it), and a test file makes a runtime per test: one
 * receiver serves them all, and goes a moment after the file's last one.
 */
export const SHARED_IDLE_MS = 1_000

let shared: Shared | null = null

/** Closes `mine` after SHARED_IDLE_MS, unless a runtime attaches meanwhile (it clears the timer). */
function closeWhenIdle(mine: Shared, receiver: SmtpReceiver): void {
  mine.idle = setTimeout(() => {
    shared = null
    void receiver.close()
  }, SHARED_IDLE_MS)
  // The receiver's thread never keeps a process alive (startSmtpReceiver); nor does its closing.
  mine.idle.unref()
}

/**
 * An outbox on the process's shared receiver (one worker however many runtimes a process creates,
 * one after another or at once); `port` given: a receiver of its own on that port. `detach` stops
 * delivery to `onMail`; the shared receiver closes SHARED_IDLE_MS after no runtime uses it.
 */
export async function attachOutbox(onMail: (mail: ReceivedMail) => void, port?: number): Promise<{ url: string; detach(): Promise<void> }> {
  if (port !== undefined) {
    const own = await startSmtpReceiver({ port, onMail })
    return { url: own.url, detach: () => own.close() }
  }
  if (!shared) {
    const sinks: Shared['sinks'] = []
    shared = {
      sinks,
      idle: null,
      receiver: startSmtpReceiver({
        onMail(mail) {
          const sink = sinks[sinks.length - 1]
          if (!sink) throw new Error('No local runtime is open to receive this message')
          sink(mail)
        },
      }),
    }
  }
  const mine = shared
  if (mine.idle) {
    clearTimeout(mine.idle)
    mine.idle = null
  }
  mine.sinks.push(onMail)
  const detachSink = () => {
    const i = mine.sinks.lastIndexOf(onMail)
    if (i >= 0) mine.sinks.splice(i, 1)
  }
  let receiver: SmtpReceiver
  try {
    receiver = await mine.receiver
  } catch (err) {
    detachSink()
    if (shared === mine) shared = null
    throw err
  }
  let detached = false
  return {
    url: receiver.url,
    async detach() {
      if (detached) return
      detached = true
      detachSink()
      if (mine.sinks.length === 0) closeWhenIdle(mine, receiver)
    },
  }
}
