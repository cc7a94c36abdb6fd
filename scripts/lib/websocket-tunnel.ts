/**
 * WebSocket upgrades through the local TLS front (./https-proxy): the handshake is made again to
 * the server behind over plain HTTP/1.1, and once it answers 101 the two connections are joined
 * byte for byte. `next dev` pushes hot reloads over such a socket (`/_next/hmr`).
 */
import http from 'node:http'
import type { Duplex } from 'node:stream'

/**
 * Answers an upgrade request on its raw connection with an HTTP/1.1 error and closes it (a socket
 * handed to an `upgrade` listener has no response object).
 * @param status e.g. 404
 * @param reason the plain-text body, one short sentence
 */
export function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  if (socket.destroyed || socket.writableEnded) return
  const body = Buffer.from(reason, 'utf8')
  const head =
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? 'Error'}\r\n` +
    `Content-Type: text/plain; charset=utf-8\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`
  socket.end(Buffer.concat([Buffer.from(head, 'latin1'), body]))
}

/** Whether a request asks to become a WebSocket (RFC 6455 section 4.1: `Upgrade: websocket`). */
export function isWebSocketUpgrade(req: http.IncomingMessage): boolean {
  const upgrade = req.headers.upgrade
  return req.method === 'GET' && typeof upgrade === 'string' && upgrade.trim().toLowerCase() === 'websocket'
}

/** The raw head of an HTTP/1.1 answer, as received (names, order and repeats kept). */
function answerHead(answer: http.IncomingMessage): string {
  let head = `HTTP/1.1 ${answer.statusCode ?? 502} ${answer.statusMessage ?? ''}\r\n`
  for (let i = 0; i + 1 < answer.rawHeaders.length; i += 2) head += `${answer.rawHeaders[i]}: ${answer.rawHeaders[i + 1]}\r\n`
  return `${head}\r\n`
}

/**
 * Makes the client's WebSocket handshake to `http://127.0.0.1:{port}{path}` and, once that server
 * switches protocols, joins the client's connection to its own until either side closes. Any
 * other answer's status and text are passed back and the client's connection is closed after
 * them; no answer at all is a 502.
 * @param client the upgrade request, its connection and the bytes read past its head
 * @param upstream where to, and the request headers to send (with `Connection`/`Upgrade` set)
 */
export function tunnelWebSocket(
  client: { socket: Duplex; head: Buffer },
  upstream: { port: number; path: string; headers: http.OutgoingHttpHeaders },
): void {
  const { socket, head } = client
  const request = http.request({
    host: '127.0.0.1',
    port: upstream.port,
    method: 'GET',
    path: upstream.path,
    headers: upstream.headers,
    // The tunnel owns this connection for its whole life: never a pooled one.
    agent: false,
  })
  request.on('upgrade', (answer: http.IncomingMessage, server: Duplex, serverHead: Buffer) => {
    const closeBoth = (): void => {
      socket.destroy()
      server.destroy()
    }
    socket.on('error', closeBoth)
    server.on('error', closeBoth)
    socket.on('close', closeBoth)
    server.on('close', closeBoth)
    if (socket.destroyed) {
      closeBoth()
      return
    }
    socket.write(answerHead(answer))
    if (serverHead.length > 0) socket.write(serverHead)
    if (head.length > 0) server.write(head)
    server.pipe(socket)
    socket.pipe(server)
  })
  request.on('response', (answer: http.IncomingMessage) => {
    // The server behind declined the upgrade (e.g. a path it has no socket for): its status and
    // text, then the connection closes (the client asked for a socket, not for a page).
    const chunks: Buffer[] = []
    answer.on('data', (chunk: Buffer) => chunks.push(chunk))
    answer.on('end', () => {
      refuseUpgrade(socket, answer.statusCode ?? 502, Buffer.concat(chunks).toString('utf8'))
    })
  })
  request.on('error', (error) => refuseUpgrade(socket, 502, `Bad gateway: ${error.message}`))
  // A client that leaves before the handshake completes takes the upstream request with it.
  socket.on('close', () => request.destroy())
  request.end()
}
