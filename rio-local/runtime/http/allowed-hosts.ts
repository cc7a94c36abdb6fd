/**
 * The `Host` names the local backend answers. A page on any site can make a browser send requests
 * to 127.0.0.1 under a name it controls (DNS rebinding); such a request carries that name in its
 * `Host` header. Answering only our own names (as webpack-dev-server's `allowedHosts` and Vite's
 * `server.allowedHosts` do) keeps such a page from reading sign-in codes or tokens.
 */

/** Names every local stack uses: loopback by name and by address. */
export const LOOPBACK_HOST_NAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]']

/**
 * The names to allow: loopback, the host names of the app origins CORS allows, the address the
 * server listens on (when it is one name, not every interface) and any extra names.
 * @param origins browser origins allowed by CORS, e.g. `https://localhost:3000`
 * @param listenHost the address the server binds
 * @param extra further names (RIO_LOCAL_ALLOWED_HOSTS)
 */
export function allowedHostNames(origins: readonly string[], listenHost: string | undefined, extra: readonly string[] = []): Set<string> {
  const names = new Set(LOOPBACK_HOST_NAMES)
  for (const origin of origins) {
    const name = hostNameOf(new URL(origin).host)
    if (name) names.add(name)
  }
  if (listenHost && listenHost !== '0.0.0.0' && listenHost !== '::') names.add(hostNameOf(listenHost.includes(':') && !listenHost.startsWith('[') ? `[${listenHost}]` : listenHost) ?? listenHost)
  for (const name of extra) {
    const parsed = hostNameOf(name)
    if (parsed) names.add(parsed)
  }
  return names
}

/** The host name of a `Host` header value (port dropped, lower case), or undefined when it is not one. */
export function hostNameOf(host: string): string | undefined {
  if (host === '' || /[\s/\\?#@]/.test(host)) return undefined
  try {
    return new URL(`http://${host}`).hostname.toLowerCase()
  } catch {
    return undefined
  }
}

/** True when a request with this `Host` header may be answered. A missing header is refused. */
export function isAllowedHost(host: string | undefined, allowed: ReadonlySet<string>): boolean {
  if (host === undefined) return false
  const name = hostNameOf(host)
  return name !== undefined && allowed.has(name)
}
