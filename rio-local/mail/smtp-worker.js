// The SMTP receiver's thread (see smtp-receiver.ts). Plain JS so it starts without a TS loader.
// Own thread, own Node timers: smtp-server needs `timer.unref()`, which jsdom's and fake timers of
// in-process tests lack, and parsing stays off the request thread.
'use strict'
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS worker script, loaded without a TS loader */
const { parentPort, workerData } = require('node:worker_threads')
const { SMTPServer } = require('smtp-server')
const { SMTPConnection } = require('smtp-server/lib/smtp-connection')
const { simpleParser } = require('mailparser')

// smtp-server waits 100 ms before its greeting on every connection, to catch spam clients that talk
// first. A loopback dev outbox has none, and class code opens a connection per message (a receipt's
// charge waited that long for nothing). Greet at once; should a later smtp-server lack these
// methods, its own delay stays.
if (typeof SMTPConnection.prototype._setListeners === 'function' && typeof SMTPConnection.prototype.connectionReady === 'function') {
  SMTPConnection.prototype.init = function init() {
    this._setListeners(() => this.connectionReady())
  }
}

const pending = new Map()
let nextId = 0

function addresses(field) {
  const list = Array.isArray(field) ? field : field ? [field] : []
  return list.flatMap((a) => a.value.map((v) => v.address || '')).filter((a) => a !== '')
}

const server = new SMTPServer({
  // Loopback only, no credentials: a developer's outbox, not a relay.
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  disableReverseLookup: true,
  size: workerData.maxMessageBytes,
  logger: false,
  banner: 'rio-local SMTP receiver (dev outbox)',
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        const envelopeTo = session.envelope.rcptTo.map((r) => r.address)
        const id = nextId++
        // Acknowledged only once the runtime filed it, so a sender's sendMail resolves after that.
        pending.set(id, callback)
        parentPort.postMessage({
          type: 'mail',
          id,
          mail: {
            to: envelopeTo.length > 0 ? envelopeTo : addresses(parsed.to),
            subject: parsed.subject || '',
            text: (parsed.text || '').trim(),
            // mailparser sets `html` to false when the message has no HTML part.
            ...(typeof parsed.html === 'string' ? { html: parsed.html } : {}),
            // Files attached (a receipt's PDF), as base64 so they pass to the runtime's thread as text.
            ...(parsed.attachments && parsed.attachments.length > 0
              ? { attachments: parsed.attachments.map((a) => ({ filename: a.filename || '', contentType: a.contentType, contentBase64: a.content.toString('base64') })) }
              : {}),
          },
        })
      })
      .catch((err) => callback(err instanceof Error ? err : new Error(String(err))))
  },
})

parentPort.on('message', (msg) => {
  if (msg.type === 'filed') {
    const callback = pending.get(msg.id)
    pending.delete(msg.id)
    if (callback) callback(msg.error ? new Error(msg.error) : undefined)
  } else if (msg.type === 'close') {
    server.server.close(() => parentPort.postMessage({ type: 'closed' }))
    for (const connection of server.connections) connection.close()
  }
})

server.on('error', (err) => parentPort.postMessage({ type: 'error', message: err.message }))
server.listen(workerData.port, '127.0.0.1', () => {
  parentPort.postMessage({ type: 'ready', port: server.server.address().port })
})
