/**
 * Sends one e-mail over SMTP with nodemailer. Configured by the project environment:
 *   SMTP_URL   e.g. smtps://user:pass@smtp.example.com:465 (any provider: SES, Postmark, SendGrid...)
 *   MAIL_FROM  the sender, e.g. "Bean & Bloom <hello@example.com>"
 * Locally the runtime points SMTP_URL at its own SMTP receiver.
 */
import { requiredSetting } from 'BeanBloomKit/env'
import nodemailer from 'nodemailer'

export interface Mail {
  to: string
  subject: string
  text: string
  /** An HTML alternative of `text` (clients that show HTML show it; the rest show the text). */
  html?: string
  /** Files sent with it (a receipt's PDF); base64, since the outbox keeps a mail in JSON state. */
  attachments?: MailAttachment[]
}

/** A file attached to a mail. */
export interface MailAttachment {
  filename: string
  contentType: string
  contentBase64: string
}

/**
 * Resolves once the SMTP server accepted the message.
 * @param messageId its Message-ID: every try of one outbox message has the same (retry.ts)
 */
export async function sendMail(mail: Mail, messageId?: string): Promise<void> {
  // A transport per message: the URL may change between invocations (env updates) and a warm
  // container must not hold an idle SMTP connection.
  const transport = nodemailer.createTransport(requiredSetting('SMTP_URL'))
  try {
    await transport.sendMail({ from: requiredSetting('MAIL_FROM'), to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, messageId: messageId,
      attachments: mail.attachments ? mail.attachments.map(function (a) { return { filename: a.filename, contentType: a.contentType, content: a.contentBase64, encoding: 'base64' } }) : undefined,
    })
  } finally {
    transport.close()
  }
}
