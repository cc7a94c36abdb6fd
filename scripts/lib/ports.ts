/**
 * Ports of the tooling, found ONE way (a listen on the port): a free one to hand a child, and the
 * check done before anything starts, so a busy port gets a clear message instead of a stack trace.
 */
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

/**
 * Listens on `host:port` once and closes again: the port it got (the kernel's pick for port 0), or
 * the listen error. `exclusive` so a port another process shares through the cluster module counts as taken.
 */
function listenOnce(port: number, host: string): Promise<{ port: number } | { error: Error }> {
  // Sockets take IPv6 addresses bare; FIRESTORE_EMULATOR_HOST writes them in brackets.
  const address = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host
  return new Promise((resolve) => {
    const server = net.createServer()
    server.unref()
    server.once('error', (error) => resolve({ error }))
    server.listen({ port, host: address, exclusive: true }, () => {
      const bound = server.address()
      server.close(() => resolve(typeof bound === 'object' && bound ? { port: bound.port } : { error: new Error(`no port bound on ${host}`) }))
    })
  })
}

/**
 * Ports this process handed out already: the kernel may pick a port again once its probe closed,
 * and a stack takes four in a row (e2e) before any child listens on one.
 */
const handedOut = new Set<number>()

/**
 * A port that was free a moment ago on `host` and that this process has not handed out before
 * (for children that have no "port 0" of their own: the emulator, localstripe, Next, a backend).
 * @param host where it must be free (default 127.0.0.1, where every part of the local stack listens)
 * @throws when nothing can listen on `host` at all
 */
export async function findFreePort(host = '127.0.0.1'): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const result = await listenOnce(0, host)
    // Not `instanceof Error`: under jest, Node's errors come from another realm.
    if ('error' in result) throw new Error(`Could not pick a free port on ${host}: ${result.error.message}`)
    // After a few repeats, take it: the range is large, so this only guards against an immediate re-pick.
    if (!handedOut.has(result.port) || attempt >= 10) {
      handedOut.add(result.port)
      return result.port
    }
  }
}

/**
 * Whether nothing holds `host:port` (a listen there succeeds).
 * @param host default 127.0.0.1; an IPv6 address may be given in brackets
 */
export async function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return 'port' in (await listenOnce(port, host))
}

export interface PortRequirement {
  port: number
  what: string
  envVar: string
  /** Where the port is tried (default 127.0.0.1, where every part of the local stack listens). */
  host?: string
}

/**
 * Thrown when several ports the stack needs are taken: names every one at once (a developer freed
 * 8080, ran again, and only then learnt about 4000, then 8420). `port`, `what` and `envVar` are the
 * first's, as PortInUseError's; `taken` lists them all, in order.
 */
export class PortsInUseError extends PortInUseError {
  constructor(readonly taken: ReadonlyArray<PortRequirement>) {
    const first = taken[0] as PortRequirement
    super(first.port, first.what, first.envVar)
    this.message = `${taken.length} ports the local stack needs are already in use:\n` +
      taken.map((t) => `  - ${t.port} (${t.what}): stop whatever listens there or choose another port with ${t.envVar}`).join('\n') +
      `\nSee what holds them with \`ss -ltnp | grep -E ':(${taken.map((t) => t.port).join('|')})\\b'\`.`
    this.name = 'PortsInUseError'
  }
}

/**
 * Checks the ports a stack is about to use, all of them before answering.
 * @throws PortInUseError when one is taken, PortsInUseError naming each when several are
 */
export async function assertPortsFree(requirements: PortRequirement[]): Promise<void> {
  const taken: PortRequirement[] = []
  for (const req of requirements) {
    if (!(await isPortFree(req.port, req.host ?? '127.0.0.1'))) taken.push(req)
  }
  if (taken.length === 1) {
    const only = taken[0] as PortRequirement
    throw new PortInUseError(only.port, only.what, only.envVar)
  }
  if (taken.length > 1) throw new PortsInUseError(taken)
}
