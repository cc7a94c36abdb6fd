/**
 * The local stand-in for an SMTP provider: a receiver on loopback (smtp-server) that parses each
 * message (mailparser) and hands it to the runtime, which files it in the dev outbox. Class code
 * sends to it exactly as it sends to a real provider in production: nodemailer over SMTP_URL.
 */
import { simpleParser, type AddressObject } from 'mailparser'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

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

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : []
  return list.flatMap((a) => a.value.map((v) => v.address ?? '')).filter((a) => a !== '')
}

/**
 * Listens on 127.0.0.1:`port` (0: any free port) and calls `onMail` for every accepted message
 * before acknowledging it, so a sender's `sendMail` resolves only once the outbox has it.
 */
export async function startSmtpReceiver(options: { port?: number; onMail(mail: ReceivedMail): void }): Promise<SmtpReceiver> {
  const server = new SMTPServer({
    // Loopback only, no credentials: this receiver is a developer's outbox, not a relay.
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    banner: 'rio-local SMTP receiver (dev outbox)',
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const envelopeTo = session.envelope.rcptTo.map((r) => r.address)
          options.onMail({
            to: envelopeTo.length > 0 ? envelopeTo : addresses(parsed.to),
            subject: parsed.subject ?? '',
            text: (parsed.text ?? '').trim(),
          })
          callback()
        })
        .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))))
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
