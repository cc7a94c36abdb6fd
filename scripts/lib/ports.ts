/** Port checks done before anything starts, so a busy port gets a clear message instead of a stack trace. */
import net from 'node:net'

/** Thrown when a port the stack needs is taken; the message says which part and how to change it. */
export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    readonly what: string,
    readonly envVar: string,
  ) {
    super(
      `Port ${port} (${what}) is already in use. Stop whatever listens there ` +
        `(e.g. \`lsof -i :${port}\` or \`ss -ltnp | grep :${port}\`) or choose another port with ${envVar}.`,
    )
    this.name = 'PortInUseError'
  }
}

/** Resolves true when nothing accepts a listen on `host:port`. */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.once('error', () => resolve(false))
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)))
  })
}

export interface PortRequirement {
  port: number
  what: string
  envVar: string
  /** Where the port is tried (default 127.0.0.1, where every part of the local stack listens). */
  host?: string
}

/** Throws a PortInUseError for the first requirement whose port is taken. */
export async function assertPortsFree(requirements: PortRequirement[]): Promise<void> {
  for (const req of requirements) {
    if (!(await isPortFree(req.port, req.host ?? '127.0.0.1'))) throw new PortInUseError(req.port, req.what, req.envVar)
  }
}

/** Parses a port from env, rejecting junk with a message naming the variable. */
export function parsePort(value: string | undefined, fallback: number, envVar: string): number {
  if (value === undefined || value === '') return fallback
  const port = Number(value)
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${envVar} must be a port number between 1 and 65535, got "${value}".`)
  }
  return port
}

/** Splits `host:port` (FIRESTORE_EMULATOR_HOST) into its parts. */
export function parseHostPort(value: string, envVar: string): { host: string; port: number } {
  const match = /^(.+):(\d+)$/.exec(value.trim())
  if (!match?.[1] || !match[2]) throw new Error(`${envVar} must look like host:port (e.g. 127.0.0.1:8080), got "${value}".`)
  return { host: match[1], port: parsePort(match[2], 0, envVar) }
}
