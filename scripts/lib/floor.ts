/**
 * The benchmark's floor: a bare Next pages-router app (one page, a heading and a paragraph) built
 * with this repository's own `next`, `react` and `react-dom` (the same versions, the same bundler)
 * and served the way the app is (`next start` behind the same TLS front), so Lighthouse can measure
 * both in one run and the app's figures can be read as an excess over what any Next page costs.
 *
 * Its files are written by this module into a temporary folder, nothing is committed and nothing is
 * downloaded: the folder's `node_modules` is a link to the repository's.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { findFreePort } from './ports'
import { startHttpsProxy } from './https-proxy'
import { startChild, stopAll, type RunningChild } from './processes'
import { waitForHttp } from './wait'

export interface Floor {
  /** The bare page over HTTPS. */
  url: string
  stop(): Promise<void>
}

const PAGE = `export default function Home() {
  return (
    <main>
      <h1>A bare Next page</h1>
      <p>One heading and a paragraph: what every pages-router page costs before any app code.</p>
    </main>
  )
}
`

/** The deepest folder holding both paths: Turbopack compiles nothing outside its root. */
function commonAncestor(a: string, b: string): string {
  const left = path.resolve(a).split(path.sep)
  const right = path.resolve(b).split(path.sep)
  const shared: string[] = []
  for (let i = 0; i < Math.min(left.length, right.length) && left[i] === right[i]; i++) shared.push(left[i] ?? '')
  return shared.join(path.sep) || path.sep
}

/** Writes the bare app into a new temporary folder and returns it. */
function writeFloorApp(root: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bean-floor-'))
  fs.mkdirSync(path.join(dir, 'pages'))
  fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify({ name: 'next-floor', private: true }, null, 2)}\n`)
  fs.writeFileSync(path.join(dir, 'pages', 'index.jsx'), PAGE)
  // The repository's packages, linked: the same versions, nothing installed or downloaded.
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir')
  const turbopackRoot = commonAncestor(dir, root)
  fs.writeFileSync(path.join(dir, 'next.config.js'),
    `module.exports = { poweredByHeader: false, turbopack: { root: ${JSON.stringify(turbopackRoot)} }, outputFileTracingRoot: ${JSON.stringify(turbopackRoot)} }\n`)
  return dir
}

/**
 * Builds the bare app with the repository's `next` and serves it over HTTPS on a free port
 * (loopback only), with the TLS certificate the app's stack uses.
 */
export async function startFloor(options: {
  root: string
  cert: { keyFile: string; certFile: string }
  output: NodeJS.WritableStream
}): Promise<Floor> {
  const dir = writeFloorApp(options.root)
  const next = path.join(options.root, 'node_modules', '.bin', 'next')
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' }
  // The app's own dist-dir variable must not leak into the floor's build.
  delete env.NEXT_DIST_DIR
  const children: RunningChild[] = []
  let proxy: { close(): Promise<void> } | undefined
  const stop = async (): Promise<void> => {
    await proxy?.close()
    await stopAll(children)
    fs.rmSync(dir, { recursive: true, force: true })
  }
  try {
    const build = startChild({ name: 'floor', command: next, args: ['build'], cwd: dir, env, prefixWidth: 9, stdout: options.output, stderr: options.output })
    children.push(build)
    const code = await build.exited
    if (code !== 0) throw new Error(`The floor's next build failed (exit ${String(code)}).`)
    const internalPort = await findFreePort()
    const server = startChild({
      name: 'floor', command: next, args: ['start', '--hostname', '127.0.0.1', '--port', String(internalPort)],
      cwd: dir, env, prefixWidth: 9, stdout: options.output, stderr: options.output,
    })
    children.push(server)
    await waitForHttp(`http://127.0.0.1:${internalPort}/`, { what: 'The floor page', timeoutMs: 60_000, child: server })
    const listenPort = await findFreePort()
    // The front's backend route is never used by the bare page; it points at the page itself.
    proxy = await startHttpsProxy({ listenPort, appPort: internalPort, backendPort: internalPort, ...options.cert })
    return { url: `https://localhost:${listenPort}/`, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
