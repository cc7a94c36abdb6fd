/**
 * The localhost certificate `next dev` serves HTTPS with. The SDK always calls https, so the app must
 * be served over TLS even locally. Certificates live in `.certs/` (git-ignored) and are made once.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { generate } from 'selfsigned'

export interface CertPaths {
  keyFile: string
  certFile: string
  /** How the certificate came to be this run: reused, mkcert (trusted) or self-signed (browser warns). */
  origin: 'existing' | 'mkcert' | 'self-signed'
}

function onPath(command: string): boolean {
  const dirs = (process.env.PATH ?? '').split(path.delimiter)
  return dirs.some((dir) => dir && fs.existsSync(path.join(dir, command)))
}

/**
 * Returns the key and certificate in `dir`, creating them when missing: with mkcert when it is on
 * PATH (its local CA makes browsers trust it), else a self-signed one (SAN localhost, 127.0.0.1, ::1).
 */
export async function ensureLocalhostCert(dir: string): Promise<CertPaths> {
  const keyFile = path.join(dir, 'localhost-key.pem')
  const certFile = path.join(dir, 'localhost.pem')
  if (fs.existsSync(keyFile) && fs.existsSync(certFile)) return { keyFile, certFile, origin: 'existing' }
  fs.mkdirSync(dir, { recursive: true })

  if (onPath('mkcert')) {
    execFileSync('mkcert', ['-key-file', keyFile, '-cert-file', certFile, 'localhost', '127.0.0.1', '::1'], {
      stdio: 'ignore',
    })
    return { keyFile, certFile, origin: 'mkcert' }
  }

  const now = new Date()
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate: now,
    notAfterDate: new Date(now.getTime() + 365 * 24 * 3600 * 1000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  })
  // The key is a secret of this machine only: owner-readable.
  fs.writeFileSync(keyFile, pems.private, { mode: 0o600 })
  fs.writeFileSync(certFile, pems.cert)
  return { keyFile, certFile, origin: 'self-signed' }
}
